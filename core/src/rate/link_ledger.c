/* Shared-link ledger (see link_ledger.h): per link, the comms crossing it
 * (swap-removal lists), a running sum of their weighted demands (SHARED) or
 * the number of them above capacity (FATPIPE), and a dirty mark. The sum or
 * count is kept only while the link is "tracked": a link whose comms'
 * ceilings fit in it cannot be at risk whatever their demands, so their
 * changes skip it; it is counted again from the entries when it becomes
 * tracked. */
#include "contention/link_ledger.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

#define NEAR_REL 1e-9 /* recompute a sum exactly this close to the capacity */
/* A SHARED link is left untracked while its ceilings' sum is this far
 * below its capacity: far above the rounding of that running sum, so the
 * true sum of the demands is below the capacity too. */
#define SAFE_REL 1e-6

typedef struct entry {
  uint32_t comm;
  uint32_t slot; /* index of this link in the comm's list */
} entry;

typedef struct link_rec {
  double capacity;
  double sum;     /* SHARED: sum of weight * demand */
  double psum;    /* SHARED one-way link: the part of sum of its penalized entries */
  uint32_t over;  /* FATPIPE: comms with weight * demand > capacity */
  double ceil_sum;    /* SHARED: sum of weight * ceiling over finite ceilings */
  uint32_t ceil_over; /* FATPIPE: comms with weight * ceiling > capacity */
  uint32_t unbounded; /* comms with an infinite ceiling */
  uint8_t fatpipe, at_risk, dirty;
  uint8_t tracked;   /* sum / over kept current (else stale: see link_safe) */
  uint8_t direction; /* one direction of a host's card: limits only with a plain or a cross entry */
  uint8_t node;      /* one host's own link (cg_ledger_add_node_link) */
  uint32_t plain;    /* plain comms crossing it */
  uint32_t cross;    /* one-way link: comms crossing it against its direction (cross_entry) */
  entry *e;
  size_t n, cap;
} link_rec;

typedef struct comm_rec {
  uint32_t *link;
  double *weight;
  uint32_t *pos; /* position in each link's entry list */
  size_t n, cap;  /* cap: length of the three arrays, kept for the slot's next comm */
  double demand;
  double ceiling;    /* no demand above it (a larger one raises it) */
  uint32_t ntracked; /* of its links, those tracked */
  uint8_t active;
  uint8_t plain;   /* its rate is not divided by the penalties (cg_ledger_add_plain_comm) */
  uint16_t shared; /* of its links, those shared by several hosts (counted in `skipped`) */
} comm_rec;
_Static_assert(sizeof(comm_rec) == 64, "a comm's record is one cache line (cg_grow_lines)");

struct cg_ledger {
  link_rec *links;
  size_t nlinks, links_cap;
  comm_rec *comms;
  size_t ncomms, comms_cap;
  uint32_t *dirty, *flipped, *scratch;
  size_t scratch_cap;
  size_t ndirty, dirty_cap, nflipped, flipped_cap;
  uint64_t counted, skipped; /* demand changes with / without a tracked link */
};

cg_ledger *cg_ledger_create(void) { return cg_xcalloc(1, sizeof(cg_ledger)); }

void cg_ledger_destroy(cg_ledger *l)
{
  if (!l)
    return;
  for (size_t i = 0; i < l->nlinks; i++)
    free(l->links[i].e);
  for (size_t i = 0; i < l->ncomms; i++) {
    free(l->comms[i].link);
    free(l->comms[i].weight);
    free(l->comms[i].pos);
  }
  free(l->links);
  free(l->comms);
  free(l->dirty);
  free(l->flipped);
  free(l->scratch);
  free(l);
}

static void mark_dirty(cg_ledger *l, uint32_t link)
{
  if (l->links[link].dirty)
    return;
  l->links[link].dirty = 1;
  cg_grow((void **)&l->dirty, &l->dirty_cap, l->ndirty + 1, sizeof *l->dirty);
  l->dirty[l->ndirty++] = link;
}

static int above(const link_rec *r, double load) { return load > r->capacity; }

/* Whether a comm's entry of weight w on one-way link r is a cross-traffic
 * term: a weight other than 1 (its reverse route's: the comm runs the
 * other way, its penalty is the other direction's). */
static uint32_t cross_entry(const link_rec *r, const comm_rec *c, double w)
{
  return r->direction && !c->plain && w != 1;
}

/* Whether the entry is one the penalties of r's direction divide. */
static int penalized(const link_rec *r, const comm_rec *c, double w) { return !c->plain && !cross_entry(r, c, w); }

/* A FATPIPE link registered without capacity (a radio medium, a link
 * SimGrid's solver must see): at risk with or without comms. */
static int never_free(const link_rec *r) { return r->fatpipe && !(r->capacity > 0); }

/* A one-way link that its penalties alone load beyond its capacity (GigE
 * gives two sends 1.33 of it, as measured on the cards, acknowledgements
 * included): no cross-traffic puts it at risk; a plain comm still does. */
static int penalties_over(const link_rec *r) { return r->direction && r->plain == 0 && above(r, r->psum); }

/* Whether no demands within the comms' ceilings can put the link at risk. */
static int link_safe(const link_rec *r)
{
  if (r->direction && r->plain == 0 && r->cross == 0)
    return 1; /* the penalties alone divide it */
  if (!(r->capacity > 0) || r->unbounded)
    return 0;
  return r->fatpipe ? r->ceil_over == 0 : r->ceil_sum <= r->capacity * (1 - SAFE_REL);
}

uint32_t cg_ledger_add_link(cg_ledger *l, double capacity, int fatpipe)
{
  cg_grow((void **)&l->links, &l->links_cap, l->nlinks + 1, sizeof *l->links);
  link_rec *r = &l->links[l->nlinks];
  memset(r, 0, sizeof *r);
  r->capacity = capacity;
  r->fatpipe = fatpipe != 0;
  r->tracked = !link_safe(r);
  r->at_risk = (uint8_t)never_free(r);
  return (uint32_t)l->nlinks++;
}

uint32_t cg_ledger_add_node_link(cg_ledger *l, double capacity, int fatpipe, int one_way)
{
  uint32_t id = cg_ledger_add_link(l, capacity, fatpipe);
  link_rec *r = &l->links[id];
  r->node = 1;
  r->direction = one_way != 0;
  r->tracked = (uint8_t)!link_safe(r); /* a one-way link: untracked until a plain or a cross entry crosses it */
  return id;
}

double cg_ledger_capacity(const cg_ledger *l, uint32_t link) { return l->links[link].capacity; }

/* FATPIPE count, or SHARED sum, recomputed from the entries. */
static void recount(cg_ledger *l, link_rec *r)
{
  r->sum = 0;
  r->psum = 0;
  r->over = 0;
  for (size_t i = 0; i < r->n; i++) {
    const comm_rec *c = &l->comms[r->e[i].comm];
    double w = c->weight[r->e[i].slot];
    double load = w * c->demand;
    r->sum += load;
    if (penalized(r, c, w))
      r->psum += load;
    r->over += above(r, load);
  }
}

/* One comm's ceiling term on link r (weight w) added (sign 1) or taken
 * out (-1). */
static void ceiling_term(link_rec *r, double w, double ceiling, int sign)
{
  if (isinf(ceiling))
    r->unbounded += (uint32_t)sign;
  else
    r->ceil_sum += sign * w * ceiling;
  if (above(r, w * ceiling))
    r->ceil_over += (uint32_t)sign;
}

/* The link's ceiling terms from its entries (a capacity change moves which
 * of them are above it; an emptied link drops the running sum's rounding). */
static void recount_ceilings(cg_ledger *l, link_rec *r)
{
  r->ceil_sum = 0;
  r->ceil_over = 0;
  r->unbounded = 0;
  for (size_t i = 0; i < r->n; i++) {
    const comm_rec *c = &l->comms[r->e[i].comm];
    ceiling_term(r, c->weight[r->e[i].slot], c->ceiling, 1);
  }
}

/* Tracks the link, or stops, as its ceilings now allow; a link tracked
 * again is counted from its comms' current demands. */
static void set_mode(cg_ledger *l, uint32_t link)
{
  link_rec *r = &l->links[link];
  int track = !link_safe(r);
  if (track == r->tracked)
    return;
  r->tracked = (uint8_t)track;
  for (size_t i = 0; i < r->n; i++)
    l->comms[r->e[i].comm].ntracked += track ? 1u : (uint32_t)-1;
  if (track)
    recount(l, r);
  mark_dirty(l, link);
}

void cg_ledger_set_capacity(cg_ledger *l, uint32_t link, double capacity)
{
  link_rec *r = &l->links[link];
  r->capacity = capacity;
  recount(l, r);
  recount_ceilings(l, r);
  mark_dirty(l, link);
  set_mode(l, link);
}

static comm_rec *comm_slot(cg_ledger *l, uint32_t comm)
{
  if (comm >= l->ncomms) {
    cg_grow_lines((void **)&l->comms, &l->comms_cap, (size_t)comm + 1, sizeof *l->comms); /* a record a line */
    memset(l->comms + l->ncomms, 0, ((size_t)comm + 1 - l->ncomms) * sizeof *l->comms);
    l->ncomms = (size_t)comm + 1;
  }
  return &l->comms[comm];
}

static void add_comm(cg_ledger *l, uint32_t comm, const uint32_t *links, const double *weights, size_t n,
                     double ceiling, int plain)
{
  comm_rec *c = comm_slot(l, comm);
  size_t need = n ? n : 1;
  if (need > c->cap) { /* a slot is reused comm after comm: allocate only to grow */
    c->link = cg_xrealloc(c->link, need * sizeof *c->link);
    c->weight = cg_xrealloc(c->weight, need * sizeof *c->weight);
    c->pos = cg_xrealloc(c->pos, need * sizeof *c->pos);
    c->cap = need;
  }
  c->n = n;
  c->demand = 0;
  c->ceiling = ceiling;
  c->ntracked = 0;
  c->active = 1;
  c->plain = plain != 0;
  c->shared = 0;
  for (size_t i = 0; i < n; i++) {
    link_rec *r = &l->links[links[i]];
    r->plain += c->plain;
    r->cross += cross_entry(r, c, weights[i]);
    c->shared += !r->node;
    c->link[i] = links[i];
    c->weight[i] = weights[i];
    cg_grow((void **)&r->e, &r->cap, r->n + 1, sizeof *r->e);
    c->pos[i] = (uint32_t)r->n;
    r->e[r->n++] = (entry){comm, (uint32_t)i};
    c->ntracked += r->tracked;
    ceiling_term(r, weights[i], ceiling, 1);
    set_mode(l, links[i]); /* its demand is 0: nothing to add if tracked already */
  }
}

void cg_ledger_add_comm(cg_ledger *l, uint32_t comm, const uint32_t *links, const double *weights, size_t n,
                        double ceiling)
{
  add_comm(l, comm, links, weights, n, ceiling, 0);
}

void cg_ledger_add_plain_comm(cg_ledger *l, uint32_t comm, const uint32_t *links, const double *weights, size_t n,
                              double ceiling)
{
  add_comm(l, comm, links, weights, n, ceiling, 1);
}

/* Returns whether a tracked shared link (not a node link) was updated. */
static int apply_demand(cg_ledger *l, comm_rec *c, double demand)
{
  int shared = 0;
  for (size_t i = 0; i < c->n && c->ntracked; i++) {
    link_rec *r = &l->links[c->link[i]];
    if (!r->tracked)
      continue;
    shared |= !r->node;
    double before = c->weight[i] * c->demand, after = c->weight[i] * demand;
    r->sum += after - before;
    if (penalized(r, c, c->weight[i]))
      r->psum += after - before;
    r->over = r->over - (uint32_t)above(r, before) + (uint32_t)above(r, after);
    mark_dirty(l, c->link[i]);
  }
  c->demand = demand;
  return shared;
}

void cg_ledger_set_ceiling(cg_ledger *l, uint32_t comm, double ceiling)
{
  comm_rec *c = &l->comms[comm];
  if (ceiling < c->demand) /* a ceiling is never below the demand in force */
    ceiling = c->demand;
  if (ceiling == c->ceiling)
    return;
  for (size_t i = 0; i < c->n; i++) {
    link_rec *r = &l->links[c->link[i]];
    ceiling_term(r, c->weight[i], c->ceiling, -1);
    ceiling_term(r, c->weight[i], ceiling, 1);
  }
  c->ceiling = ceiling;
  for (size_t i = 0; i < c->n; i++)
    set_mode(l, c->link[i]);
}

void cg_ledger_set_demand(cg_ledger *l, uint32_t comm, double demand)
{
  comm_rec *c = &l->comms[comm];
  if (c->demand == demand)
    return;
  if (demand > c->ceiling) /* keeps every untracked link's promise */
    cg_ledger_set_ceiling(l, comm, demand);
  if (c->ntracked == 0) { /* the usual case on a cluster: no link to count */
    c->demand = demand;
    l->skipped += c->shared > 0; /* node links aside: the statistic is the shared links' */
    return;
  }
  /* node links aside (a one-way one tracked under cross-traffic): the
   * statistic is the shared links' */
  if (apply_demand(l, c, demand))
    l->counted++;
  else
    l->skipped += c->shared > 0;
}

void cg_ledger_remove_comm(cg_ledger *l, uint32_t comm)
{
  comm_rec *c = &l->comms[comm];
  (void)apply_demand(l, c, 0);
  for (size_t i = 0; i < c->n; i++) {
    link_rec *r = &l->links[c->link[i]];
    entry moved = r->e[--r->n];
    uint32_t p = c->pos[i];
    r->e[p] = moved;
    l->comms[moved.comm].pos[moved.slot] = p;
    ceiling_term(r, c->weight[i], c->ceiling, -1);
    r->plain -= c->plain;
    r->cross -= cross_entry(r, c, c->weight[i]);
    if (r->n == 0)
      r->ceil_sum = 0;
  }
  for (size_t i = 0; i < c->n; i++)
    set_mode(l, c->link[i]);
  c->n = 0;
  c->ntracked = 0;
  c->active = 0;
  c->plain = 0;
  c->shared = 0;
}

static int by_index(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

const uint32_t *cg_ledger_update(cg_ledger *l, size_t *count)
{
  l->nflipped = 0;
  for (size_t i = 0; i < l->ndirty; i++) {
    uint32_t k = l->dirty[i];
    link_rec *r = &l->links[k];
    r->dirty = 0;
    if (r->tracked && !r->fatpipe && fabs(r->sum - r->capacity) <= NEAR_REL * r->capacity)
      recount(l, r);
    int risk = never_free(r) ? 1 : !r->tracked ? 0 : r->fatpipe ? r->over > 0 : above(r, r->sum) && !penalties_over(r);
    if (risk != r->at_risk) {
      r->at_risk = (uint8_t)risk;
      cg_grow((void **)&l->flipped, &l->flipped_cap, l->nflipped + 1, sizeof *l->flipped);
      l->flipped[l->nflipped++] = k;
    }
  }
  l->ndirty = 0;
  if (l->nflipped) /* flipped is still NULL before the first flip: qsort must not get it */
    qsort(l->flipped, l->nflipped, sizeof *l->flipped, by_index);
  *count = l->nflipped;
  return l->flipped;
}

const uint32_t *cg_ledger_link_comms(cg_ledger *l, uint32_t link, size_t *count)
{
  const link_rec *r = &l->links[link];
  cg_grow((void **)&l->scratch, &l->scratch_cap, r->n ? r->n : 1, sizeof *l->scratch);
  for (size_t i = 0; i < r->n; i++)
    l->scratch[i] = r->e[i].comm;
  *count = r->n;
  return l->scratch;
}

int cg_ledger_at_risk(const cg_ledger *l, uint32_t link) { return l->links[link].at_risk; }

int cg_ledger_tracked(const cg_ledger *l, uint32_t link) { return l->links[link].tracked; }

void cg_ledger_demand_counts(const cg_ledger *l, uint64_t *counted, uint64_t *skipped)
{
  *counted = l->counted;
  *skipped = l->skipped;
}

const uint32_t *cg_ledger_comm_links(const cg_ledger *l, uint32_t comm, const double **weights, size_t *n)
{
  const comm_rec *c = &l->comms[comm];
  *weights = c->weight;
  *n = c->n;
  return c->link;
}

int cg_ledger_comm_free(const cg_ledger *l, uint32_t comm)
{
  const comm_rec *c = &l->comms[comm];
  for (size_t i = 0; i < c->n; i++)
    if (l->links[c->link[i]].at_risk)
      return 0;
  return 1;
}
