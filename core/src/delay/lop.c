/* LoP curves (seed 004 sec. 3, 4.4, 4.7) and the small messages in flight
 * of a simulation; see lop.h and doc/lop.md. */
#include "contention/lop.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US 1e-6

/* Seed 004 sec. 4.7, fitted minimal round trips (the garbled text read as
 * doc/lop.md explains); o(p) from the L(p) expression of the same section. */
static const cg_lop_curve presets[] = {
  {"send", {22.4558, -0.0140, 9.1637, 0.0174, -0.0625, 101.3065}, {0.52, 0.84, -0.12}},
  {"rdma-write", {16.7937, 0.0058, 4.4642, 4.4751, -0.0642, 12.9209}, {0.52, 0.84, -0.12}},
};

const cg_lop_curve *cg_lop_preset(const char *name)
{
  for (size_t i = 0; i < sizeof presets / sizeof *presets; i++)
    if (strcmp(presets[i].name, name) == 0)
      return &presets[i];
  return NULL;
}

const char *cg_lop_preset_names(void) { return "send, rdma-write"; }

static const char *const coef_names[CG_LOP_COEFS] = {"rtt-l1", "rtt-l2", "rtt-l3", "rtt-l4", "rtt-l5",
                                                     "rtt-l6", "ov-m1",  "ov-m2",  "ov-m3"};

const char *cg_lop_coef_name(int index)
{
  return index >= 0 && index < CG_LOP_COEFS ? coef_names[index] : NULL;
}

double *cg_lop_coef(cg_lop_curve *c, int index)
{
  return index < CG_LOP_RTT_COEFS ? &c->rtt[index] : &c->ov[index - CG_LOP_RTT_COEFS];
}

double cg_lop_rtt(const cg_lop_curve *c, double p)
{
  const double *l = c->rtt;
  return (l[2] + l[0] / (l[1] + p) + l[3] * (1 - exp(l[4] * (p - l[5])))) * US;
}

double cg_lop_overhead(const cg_lop_curve *c, double p)
{
  return (c->ov[0] + c->ov[1] / (c->ov[2] + p)) * US;
}

double cg_lop_latency(const cg_lop_curve *c, double p)
{
  return cg_lop_rtt(c, p) / 2 - cg_lop_overhead(c, 1) - cg_lop_overhead(c, p);
}

double cg_lop_one_to_n(const cg_lop_curve *c, double n)
{
  return cg_lop_overhead(c, n) + n * cg_lop_latency(c, n);
}

double cg_lop_one_to_n_list(const cg_lop_curve *c, double n)
{
  return n * cg_lop_overhead(c, n) + n * cg_lop_latency(c, n);
}

double cg_lop_message_time(const cg_lop_curve *c, double p)
{
  return p * cg_lop_rtt(c, p) / 2;
}

int cg_lop_validate(const cg_lop_curve *c, char *err, size_t errlen)
{
  for (int i = 0; i < CG_LOP_COEFS; i++)
    if (!isfinite(*cg_lop_coef((cg_lop_curve *)c, i))) {
      snprintf(err, errlen, "LoP curve %s: coefficient %s is not finite", c->name, coef_names[i]);
      return -1;
    }
  if (!(c->rtt[1] > -1) || !(c->ov[2] > -1)) {
    snprintf(err, errlen, "LoP curve %s: %s must be > -1 (a pole at p >= 1 otherwise)", c->name,
             c->rtt[1] > -1 ? "ov-m3" : "rtt-l2");
    return -1;
  }
  for (int p = 1; p <= CG_LOP_MAX_PEERS; p++) {
    double t = cg_lop_rtt(c, p), o = cg_lop_overhead(c, p);
    if (!(isfinite(t) && t > 0) || !(isfinite(o) && o > 0)) {
      snprintf(err, errlen, "LoP curve %s: %s(%d) = %g us is not a finite time > 0", c->name,
               isfinite(t) && t > 0 ? "o" : "t", p, (isfinite(t) && t > 0 ? o : t) / US);
      return -1;
    }
  }
  return 0;
}

/* ---- Small messages in flight ---- */

typedef struct peer_count { uint32_t peer, n; } peer_count;

typedef struct host_state {
  peer_count *peers; /* sorted by peer; n > 0 */
  uint32_t npeers, cap_peers;
  uint32_t *msgs;    /* messages with an end here, unordered */
  uint32_t nmsgs, cap_msgs;
  int dirty;
} host_state;

typedef struct msg_state {
  int active, dirty;
  int counted;             /* a small message: one of its hosts' peers */
  uint32_t a, b;
  uint32_t slot_a, slot_b; /* positions in the hosts' msgs */
  double done;             /* fraction of the message done */
  double last, duration;   /* when `done` was last accounted, at which duration */
} msg_state;

struct cg_lop {
  cg_lop_curve curve;
  host_state *hosts;
  uint32_t nhosts;
  msg_state *msgs;
  uint32_t nmsgs;
  uint32_t *dirty_hosts, ndirty_hosts, cap_dirty_hosts;
  uint32_t *dirty, ndirty, cap_dirty;
};

/* Grows *arr (elements of `size` bytes, capacity *cap) to hold `need`. */
static int grow(void **arr, uint32_t *cap, uint32_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  uint32_t c = *cap ? *cap : 8;
  while (c < need)
    c *= 2;
  void *p = realloc(*arr, (size_t)c * size);
  if (!p)
    return -1;
  *arr = p;
  *cap = c;
  return 0;
}

cg_lop *cg_lop_create(const cg_lop_curve *c)
{
  cg_lop *l = calloc(1, sizeof *l);
  if (l)
    l->curve = *c;
  return l;
}

void cg_lop_destroy(cg_lop *l)
{
  if (!l)
    return;
  for (uint32_t h = 0; h < l->nhosts; h++) {
    free(l->hosts[h].peers);
    free(l->hosts[h].msgs);
  }
  free(l->hosts);
  free(l->msgs);
  free(l->dirty_hosts);
  free(l->dirty);
  free(l);
}

static int ensure_host(cg_lop *l, uint32_t h)
{
  if (h < l->nhosts)
    return 0;
  host_state *n = realloc(l->hosts, ((size_t)h + 1) * sizeof *n);
  if (!n)
    return -1;
  memset(n + l->nhosts, 0, ((size_t)h + 1 - l->nhosts) * sizeof *n);
  l->hosts = n;
  l->nhosts = h + 1;
  return 0;
}

static int mark_host(cg_lop *l, uint32_t h)
{
  if (l->hosts[h].dirty)
    return 0;
  if (grow((void **)&l->dirty_hosts, &l->cap_dirty_hosts, l->ndirty_hosts + 1, sizeof(uint32_t)))
    return -1;
  l->hosts[h].dirty = 1;
  l->dirty_hosts[l->ndirty_hosts++] = h;
  return 0;
}

static int mark_msg(cg_lop *l, uint32_t id)
{
  if (l->msgs[id].dirty)
    return 0;
  if (grow((void **)&l->dirty, &l->cap_dirty, l->ndirty + 1, sizeof(uint32_t)))
    return -1;
  l->msgs[id].dirty = 1;
  l->dirty[l->ndirty++] = id;
  return 0;
}

/* Position of `peer` in h's sorted list, or where it would go. */
static uint32_t find_peer(const host_state *h, uint32_t peer)
{
  uint32_t lo = 0, hi = h->npeers;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (h->peers[mid].peer < peer)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* One more (delta = +1) or one fewer (-1) message between h and peer;
 * marks h when its number of distinct peers changes. */
static int count_peer(cg_lop *l, uint32_t h, uint32_t peer, int delta)
{
  host_state *hs = &l->hosts[h];
  uint32_t i = find_peer(hs, peer);
  int present = i < hs->npeers && hs->peers[i].peer == peer;
  if (delta > 0 && present) {
    hs->peers[i].n++;
    return 0;
  }
  if (delta > 0) {
    if (grow((void **)&hs->peers, &hs->cap_peers, hs->npeers + 1, sizeof(peer_count)))
      return -1;
    memmove(&hs->peers[i + 1], &hs->peers[i], (hs->npeers - i) * sizeof(peer_count));
    hs->peers[i] = (peer_count){peer, 1};
    hs->npeers++;
    return mark_host(l, h);
  }
  if (!present)
    return 0;
  if (--hs->peers[i].n > 0)
    return 0;
  memmove(&hs->peers[i], &hs->peers[i + 1], (hs->npeers - i - 1) * sizeof(peer_count));
  hs->npeers--;
  return mark_host(l, h);
}

static int attach(cg_lop *l, uint32_t h, uint32_t id, uint32_t *slot)
{
  host_state *hs = &l->hosts[h];
  if (grow((void **)&hs->msgs, &hs->cap_msgs, hs->nmsgs + 1, sizeof(uint32_t)))
    return -1;
  *slot = hs->nmsgs;
  hs->msgs[hs->nmsgs++] = id;
  return 0;
}

static void detach(cg_lop *l, uint32_t h, uint32_t slot)
{
  host_state *hs = &l->hosts[h];
  uint32_t moved = hs->msgs[--hs->nmsgs];
  if (slot == hs->nmsgs)
    return;
  hs->msgs[slot] = moved;
  msg_state *m = &l->msgs[moved];
  if (m->a == h)
    m->slot_a = slot;
  else
    m->slot_b = slot;
}

static int start(cg_lop *l, uint32_t id, uint32_t a, uint32_t b, double now, int counted)
{
  if (a == b || ensure_host(l, a > b ? a : b))
    return -1;
  if (id >= l->nmsgs) {
    msg_state *n = realloc(l->msgs, ((size_t)id + 1) * sizeof *n);
    if (!n)
      return -1;
    memset(n + l->nmsgs, 0, ((size_t)id + 1 - l->nmsgs) * sizeof *n);
    l->msgs = n;
    l->nmsgs = id + 1;
  }
  msg_state *m = &l->msgs[id];
  if (m->active)
    return -1;
  *m = (msg_state){1, m->dirty, counted, a, b, 0, 0, 0, now, 0};
  if (attach(l, a, id, &m->slot_a) || attach(l, b, id, &m->slot_b) ||
      (counted && (count_peer(l, a, b, +1) || count_peer(l, b, a, +1))) || mark_msg(l, id))
    return -1;
  return 0;
}

int cg_lop_start(cg_lop *l, uint32_t id, uint32_t a, uint32_t b, double now)
{
  return start(l, id, a, b, now, 1);
}

int cg_lop_start_large(cg_lop *l, uint32_t id, uint32_t a, uint32_t b, double now)
{
  return start(l, id, a, b, now, 0);
}

void cg_lop_end(cg_lop *l, uint32_t id)
{
  if (id >= l->nmsgs || !l->msgs[id].active)
    return;
  msg_state *m = &l->msgs[id];
  m->active = 0;
  detach(l, m->a, m->slot_a);
  detach(l, m->b, m->slot_b);
  /* Removing never allocates a peer slot; marking may, and a failure
   * only loses the re-timing of the host's other messages. */
  if (m->counted) {
    (void)count_peer(l, m->a, m->b, -1);
    (void)count_peer(l, m->b, m->a, -1);
  }
}

int cg_lop_active(const cg_lop *l, uint32_t id)
{
  return id < l->nmsgs && l->msgs[id].active;
}

uint32_t cg_lop_peers(const cg_lop *l, uint32_t h)
{
  return h < l->nhosts ? l->hosts[h].npeers : 0;
}

uint32_t cg_lop_p(const cg_lop *l, uint32_t id)
{
  const msg_state *m = &l->msgs[id];
  uint32_t pa = cg_lop_peers(l, m->a), pb = cg_lop_peers(l, m->b);
  uint32_t p = pa > pb ? pa : pb;
  return p > 0 ? p : 1; /* a large message between hosts without small ones */
}

const uint32_t *cg_lop_dirty(cg_lop *l, size_t *n)
{
  /* Expand the hosts whose peer count changed into their messages. */
  for (uint32_t i = 0; i < l->ndirty_hosts; i++) {
    host_state *hs = &l->hosts[l->dirty_hosts[i]];
    hs->dirty = 0;
    for (uint32_t k = 0; k < hs->nmsgs; k++)
      if (mark_msg(l, hs->msgs[k]))
        break; /* out of memory: those messages keep their previous time */
  }
  l->ndirty_hosts = 0;
  /* Hand out the active ones; the list is reset for the next round. */
  uint32_t kept = 0;
  for (uint32_t i = 0; i < l->ndirty; i++) {
    msg_state *m = &l->msgs[l->dirty[i]];
    m->dirty = 0;
    if (m->active)
      l->dirty[kept++] = l->dirty[i];
  }
  *n = kept;
  l->ndirty = 0;
  return l->dirty;
}

double cg_lop_retime(cg_lop *l, uint32_t id, double now, double transfer)
{
  msg_state *m = &l->msgs[id];
  if (m->duration > 0)
    m->done += (now - m->last) / m->duration;
  if (m->done > 1)
    m->done = 1;
  m->last = now;
  m->duration = cg_lop_message_time(&l->curve, cg_lop_p(l, id)) + transfer;
  return (1 - m->done) * m->duration;
}

double cg_lop_bound(double bytes, double remaining, double latency_left, double factor, double cap)
{
  double window = remaining - latency_left;
  if (!(window > 0) || !(factor > 0))
    return cap;
  double b = bytes / (window * factor);
  return cap > 0 && b > cap ? cap : b;
}
