/* Dynamic contention graph: adjacency arrays with O(1) swap-removal, a free
 * list of comm handles, the list of comms whose penalty changed in the last
 * event, and the first invalid penalty a technology handed out. Penalty
 * rules live in the technologies. */
#include "contention/graph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/technology.h"

#define NOT_A_SOURCE UINT32_MAX

enum comm_state { COMM_FREE = 0, COMM_ACTIVE = 1, COMM_SELF = 2 };

/* One block per vector: cap comms, then the other end of each (its
 * destination for an out vector, its source for an in one), so that a
 * search reading both usually finds them in one cache line. */
typedef struct comm_vec {
  cg_comm *v;
  cg_host *peer; /* v + cap */
  size_t n, cap;
} comm_vec;

/* Edge mode: a host's edges with their peers and multiplicities, one
 * block, so that the rules' loops over a host's edges read no edge's
 * record. */
typedef struct edge_vec {
  cg_edge *v;
  cg_host *peer;  /* v + cap */
  uint32_t *mult; /* v + 2 cap */
  size_t n, cap;
} edge_vec;

typedef struct host_rec {
  comm_vec out, in;
  edge_vec eout, ein; /* edge mode */
  uint32_t source_pos; /* index in g->sources, or NOT_A_SOURCE */
  int32_t group;
} host_rec;

typedef struct comm_rec {
  cg_host src, dst;
  uint32_t out_pos, in_pos; /* positions in the endpoint arrays */
  double penalty;
  uint32_t next_free;
  uint8_t state;
  uint8_t changed; /* listed in g->changed during the current event */
} comm_rec;
_Static_assert(64 % sizeof(comm_rec) == 0, "a comm's record within one cache line (cg_grow_lines)");

/* Edge mode (tech->edge_penalties): the distinct (src, dst) pairs, each
 * with its comms and their one penalty. */
typedef struct edge_rec {
  cg_host src, dst;
  uint32_t out_pos, in_pos; /* positions in the hosts' edge vectors */
  double penalty;
  cg_comm *heap; /* its comms, swap-removed, when cap > 0; else in `one` */
  cg_comm one;    /* most edges hold one comm: no allocation */
  uint32_t n, cap;
  uint32_t next_free;
  uint8_t live;
  uint8_t changed; /* listed in g->changed_e */
} edge_rec;

/* The comms of x (valid until the next add or remove). */
static cg_comm *edge_comms(edge_rec *x) { return x->cap ? x->heap : &x->one; }

typedef struct comm_link {
  cg_edge edge;
  uint32_t pos; /* in the edge's comms */
} comm_link;

struct cg_graph {
  const cg_tech *tech;
  double *params;
  void *tech_state;

  host_rec *hosts;
  size_t host_count, host_cap;

  comm_rec *comms;
  size_t comm_slots, comm_cap;
  uint32_t free_head;
  size_t active;

  cg_host *sources;
  size_t source_count, source_cap;

  cg_hostset dirty;
  int deferred; /* cg_graph_set_deferred: evaluate only in cg_graph_flush */
  int pending;  /* deferred events not evaluated yet */
  cg_comm *changed;
  size_t changed_count, changed_cap;

  /* Edge mode: edges, a hash of (src, dst) -> edge (linear probing), the
   * comms' edges, the edges changed and the comms added since the changed
   * lists were last cleared; the per-comm changed list is expanded from
   * them on demand (changed_built). */
  int edges_on;
  edge_rec *edges;
  size_t edge_slots, edge_cap;
  uint32_t edge_free;
  cg_edge *table;
  size_t table_cap, table_used;
  comm_link *link;
  size_t link_cap;
  cg_edge *changed_e;
  size_t changed_e_count, changed_e_cap;
  cg_comm *fresh;
  size_t fresh_count, fresh_cap;
  int changed_built;

  cg_comm *added;         /* comms added since the last evaluation */
  size_t added_count, added_cap;
  int has_error;
  cg_penalty_error error; /* the first invalid penalty, if has_error */
};

cg_graph *cg_graph_create(const cg_tech *tech, const double *params)
{
  cg_graph *g = cg_xcalloc(1, sizeof *g);
  g->tech = tech;
  g->params = cg_xcalloc(tech->param_count + 1, sizeof(double));
  if (params)
    memcpy(g->params, params, tech->param_count * sizeof(double));
  else
    cg_tech_default_params(tech, g->params);
  g->free_head = CG_NO_COMM;
  g->edges_on = tech->edge_penalties != 0;
  g->edge_free = CG_NO_EDGE;
  cg_hostset_init(&g->dirty);
  return g;
}

void cg_graph_destroy(cg_graph *g)
{
  if (!g)
    return;
  for (size_t h = 0; h < g->host_count; h++) {
    free(g->hosts[h].out.v);
    free(g->hosts[h].in.v);
    free(g->hosts[h].eout.v);
    free(g->hosts[h].ein.v);
  }
  for (size_t e = 0; e < g->edge_slots; e++)
    free(g->edges[e].heap);
  free(g->edges);
  free(g->table);
  free(g->link);
  free(g->changed_e);
  free(g->fresh);
  if (g->tech_state) {
    if (g->tech->destroy_state)
      g->tech->destroy_state(g->tech_state);
    else
      free(g->tech_state);
  }
  free(g->hosts);
  free(g->comms);
  free(g->sources);
  free(g->changed);
  free(g->added);
  free(g->params);
  cg_hostset_free(&g->dirty);
  free(g);
}

static void ensure_host(cg_graph *g, cg_host h)
{
  if (h < g->host_count)
    return;
  cg_grow((void **)&g->hosts, &g->host_cap, (size_t)h + 1, sizeof *g->hosts);
  for (size_t i = g->host_count; i <= h; i++) {
    memset(&g->hosts[i], 0, sizeof g->hosts[i]);
    g->hosts[i].source_pos = NOT_A_SOURCE;
    g->hosts[i].group = -1;
  }
  g->host_count = (size_t)h + 1;
}

_Static_assert(sizeof(cg_comm) == sizeof(cg_host), "a vector block holds comms and hosts alike");

static void vec_grow(comm_vec *v)
{
  size_t cap = v->cap ? 2 * v->cap : 4;
  cg_comm *block = cg_xmalloc(2 * cap * sizeof *block);
  if (v->n) {
    memcpy(block, v->v, v->n * sizeof *block);
    memcpy(block + cap, v->peer, v->n * sizeof *block);
  }
  free(v->v);
  v->v = block;
  v->peer = block + cap;
  v->cap = cap;
}

static uint32_t vec_push(comm_vec *v, cg_comm c, cg_host peer)
{
  if (v->n == v->cap)
    vec_grow(v);
  v->v[v->n] = c;
  v->peer[v->n] = peer;
  return (uint32_t)v->n++;
}

static cg_comm alloc_comm(cg_graph *g)
{
  if (g->free_head != CG_NO_COMM) {
    cg_comm c = g->free_head;
    g->free_head = g->comms[c].next_free;
    return c;
  }
  cg_grow_lines((void **)&g->comms, &g->comm_cap, g->comm_slots + 1, sizeof *g->comms); /* 2 records a line */
  return (cg_comm)g->comm_slots++;
}

static void free_comm(cg_graph *g, cg_comm c)
{
  g->comms[c].state = COMM_FREE;
  g->comms[c].next_free = g->free_head;
  g->free_head = c;
}

/* Empties the changed lists and the dirty set. */
static void clear_changed(cg_graph *g)
{
  for (size_t i = 0; i < g->changed_count; i++)
    g->comms[g->changed[i]].changed = 0;
  g->changed_count = 0;
  for (size_t i = 0; i < g->changed_e_count; i++)
    g->edges[g->changed_e[i]].changed = 0;
  g->changed_e_count = 0;
  g->fresh_count = 0;
  g->changed_built = 0;
  cg_hostset_clear(&g->dirty);
}

static void begin_event(cg_graph *g)
{
  if (g->deferred) { /* accumulate the dirty sources until the flush */
    if (g->pending)
      return;
    g->pending = 1;
  }
  clear_changed(g);
}

/* ---- Edge mode ------------------------------------------------------ */

static void mark_edge_changed(cg_graph *g, cg_edge e)
{
  if (g->edges[e].changed)
    return;
  g->edges[e].changed = 1;
  cg_grow((void **)&g->changed_e, &g->changed_e_cap, g->changed_e_count + 1, sizeof *g->changed_e);
  g->changed_e[g->changed_e_count++] = e;
}

static size_t home_of(const cg_graph *g, cg_host s, cg_host d)
{
  uint64_t x = (((uint64_t)s << 32) | d) * UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(x ^ (x >> 31)) & (g->table_cap - 1);
}

/* The table slot holding edge (s, d), or the empty slot where it goes. */
static size_t slot_of(const cg_graph *g, cg_host s, cg_host d)
{
  size_t i = home_of(g, s, d);
  while (g->table[i] != CG_NO_EDGE && (g->edges[g->table[i]].src != s || g->edges[g->table[i]].dst != d))
    i = (i + 1) & (g->table_cap - 1);
  return i;
}

static void table_grow(cg_graph *g)
{
  cg_edge *old = g->table;
  size_t old_cap = g->table_cap;
  g->table_cap = old_cap ? 2 * old_cap : 64;
  g->table = cg_xmalloc(g->table_cap * sizeof *g->table);
  for (size_t i = 0; i < g->table_cap; i++)
    g->table[i] = CG_NO_EDGE;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i] != CG_NO_EDGE)
      g->table[slot_of(g, g->edges[old[i]].src, g->edges[old[i]].dst)] = old[i];
  free(old);
}

/* Backward-shift deletion: no tombstones, so lookups stay short. */
static void table_delete(cg_graph *g, size_t i)
{
  size_t mask = g->table_cap - 1;
  for (size_t j = (i + 1) & mask; g->table[j] != CG_NO_EDGE; j = (j + 1) & mask) {
    const edge_rec *x = &g->edges[g->table[j]];
    size_t k = home_of(g, x->src, x->dst);
    /* the entry at j may move to i unless its home lies cyclically in (i, j] */
    if (((j - k) & mask) >= ((j - i) & mask)) {
      g->table[i] = g->table[j];
      i = j;
    }
  }
  g->table[i] = CG_NO_EDGE;
  g->table_used--;
}

_Static_assert(sizeof(cg_edge) == sizeof(cg_host) && sizeof(cg_edge) == sizeof(uint32_t),
               "an edge vector block holds edges, hosts and counts alike");

static uint32_t edge_vec_push(edge_vec *v, cg_edge e, cg_host peer)
{
  if (v->n == v->cap) {
    size_t cap = v->cap ? 2 * v->cap : 4;
    cg_edge *block = cg_xmalloc(3 * cap * sizeof *block);
    if (v->n) {
      memcpy(block, v->v, v->n * sizeof *block);
      memcpy(block + cap, v->peer, v->n * sizeof *block);
      memcpy(block + 2 * cap, v->mult, v->n * sizeof *block);
    }
    free(v->v);
    v->v = block;
    v->peer = block + cap;
    v->mult = block + 2 * cap;
    v->cap = cap;
  }
  v->v[v->n] = e;
  v->peer[v->n] = peer;
  v->mult[v->n] = 0;
  return (uint32_t)v->n++;
}

static void edge_vec_remove_at(cg_graph *g, edge_vec *v, uint32_t pos, int is_out)
{
  cg_edge moved = v->v[--v->n];
  v->v[pos] = moved;
  v->peer[pos] = v->peer[v->n];
  v->mult[pos] = v->mult[v->n];
  if (is_out)
    g->edges[moved].out_pos = pos;
  else
    g->edges[moved].in_pos = pos;
}

static double unset_penalty(void);

/* Puts active comm c (src -> dst) on its edge, creating the edge. */
static void edge_attach(cg_graph *g, cg_comm c, cg_host src, cg_host dst)
{
  if (2 * (g->table_used + 1) > g->table_cap)
    table_grow(g);
  size_t slot = slot_of(g, src, dst);
  cg_edge e = g->table[slot];
  if (e == CG_NO_EDGE) {
    if (g->edge_free != CG_NO_EDGE) {
      e = g->edge_free;
      g->edge_free = g->edges[e].next_free;
    } else {
      cg_grow((void **)&g->edges, &g->edge_cap, g->edge_slots + 1, sizeof *g->edges);
      e = (cg_edge)g->edge_slots++;
    }
    edge_rec *x = &g->edges[e];
    x->src = src;
    x->dst = dst;
    x->penalty = unset_penalty();
    x->n = 0;
    x->live = 1;
    x->out_pos = edge_vec_push(&g->hosts[src].eout, e, dst);
    x->in_pos = edge_vec_push(&g->hosts[dst].ein, e, src);
    g->table[slot] = e;
    g->table_used++;
    mark_edge_changed(g, e);
  }
  edge_rec *x = &g->edges[e];
  if (x->n == 1 && x->cap == 0) { /* a second comm: to the heap */
    x->cap = 4;
    x->heap = cg_xmalloc(x->cap * sizeof *x->heap);
    x->heap[0] = x->one;
  } else if (x->cap && x->n == x->cap) {
    x->cap *= 2;
    cg_comm *v = cg_xmalloc(x->cap * sizeof *v);
    memcpy(v, x->heap, x->n * sizeof *v);
    free(x->heap);
    x->heap = v;
  }
  cg_grow((void **)&g->link, &g->link_cap, (size_t)c + 1, sizeof *g->link);
  g->link[c] = (comm_link){e, (uint32_t)x->n};
  edge_comms(x)[x->n++] = c;
  g->hosts[src].eout.mult[x->out_pos]++;
  g->hosts[dst].ein.mult[x->in_pos]++;
}

/* Takes active comm c off its edge, deleting the edge left empty. */
static void edge_detach(cg_graph *g, cg_comm c)
{
  cg_edge e = g->link[c].edge;
  edge_rec *x = &g->edges[e];
  cg_comm *v = edge_comms(x);
  cg_comm moved = v[--x->n];
  v[g->link[c].pos] = moved;
  g->hosts[x->src].eout.mult[x->out_pos]--;
  g->hosts[x->dst].ein.mult[x->in_pos]--;
  g->link[moved].pos = g->link[c].pos;
  if (x->n)
    return;
  edge_vec_remove_at(g, &g->hosts[x->src].eout, x->out_pos, 1);
  edge_vec_remove_at(g, &g->hosts[x->dst].ein, x->in_pos, 0);
  table_delete(g, slot_of(g, x->src, x->dst));
  x->live = 0;
  x->next_free = g->edge_free;
  g->edge_free = e;
}

static cg_comm lowest_comm(const cg_graph *g, cg_edge e)
{
  edge_rec *x = &g->edges[e];
  const cg_comm *v = edge_comms(x);
  cg_comm low = v[0];
  for (size_t i = 1; i < x->n; i++)
    if (v[i] < low)
      low = v[i];
  return low;
}

static void mark_changed(cg_graph *g, cg_comm c)
{
  if (g->comms[c].changed)
    return;
  g->comms[c].changed = 1;
  cg_grow((void **)&g->changed, &g->changed_cap, g->changed_count + 1, sizeof *g->changed);
  g->changed[g->changed_count++] = c;
}

/* The penalty of a comm added and not evaluated yet: a NaN whose payload
 * no arithmetic produces, so evaluate() can tell a comm the technology
 * skipped from one it gave NaN. */
#define UNSET_BITS UINT64_C(0x7FF8DEADBEEF0001)

static uint64_t bits_of(double v)
{
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static double unset_penalty(void)
{
  uint64_t b = UNSET_BITS;
  double v;
  memcpy(&v, &b, sizeof v);
  return v;
}

static void record_error(cg_graph *g, cg_comm c, double penalty, int missing)
{
  if (g->has_error)
    return;
  g->has_error = 1;
  g->error = (cg_penalty_error){g->tech->name, c, g->comms[c].src, g->comms[c].dst, penalty, missing};
}

/* Runs the technology, then checks that it gave every comm added since
 * the last evaluation a penalty (a handle reused in between is checked
 * twice, harmlessly; a comm removed in between is free). */
static void evaluate(cg_graph *g)
{
  g->tech->evaluate(g, &g->dirty);
  g->changed_built = 0;
  for (size_t i = 0; i < g->added_count; i++) {
    comm_rec *r = &g->comms[g->added[i]];
    if (g->edges_on) {
      edge_rec *x = &g->edges[g->link[g->added[i]].edge];
      if (r->state == COMM_ACTIVE && bits_of(x->penalty) == UNSET_BITS) {
        record_error(g, g->added[i], NAN, 1);
        x->penalty = NAN;
      }
      continue;
    }
    if (r->state == COMM_ACTIVE && bits_of(r->penalty) == UNSET_BITS) {
      record_error(g, g->added[i], NAN, 1);
      r->penalty = NAN;
    }
  }
  g->added_count = 0;
}

static void end_event(cg_graph *g)
{
  if (!g->deferred)
    evaluate(g);
}

void cg_graph_flush(cg_graph *g)
{
  if (!g->pending) {
    /* nothing changed since the previous flush: the list says so (it held
     * that flush's comms, which a caller re-applied) */
    if (g->deferred)
      clear_changed(g);
    return;
  }
  g->pending = 0;
  evaluate(g);
}

void cg_graph_set_deferred(cg_graph *g, int on)
{
  if (!on)
    cg_graph_flush(g);
  g->deferred = on != 0;
}

cg_comm cg_graph_add(cg_graph *g, cg_host src, cg_host dst)
{
  begin_event(g);
  cg_comm c = alloc_comm(g);
  comm_rec *r = &g->comms[c];
  r->src = src;
  r->dst = dst;
  r->penalty = 1.0;
  r->changed = 0;
  if (src == dst) { /* intra-host comms never enter the graph */
    r->state = COMM_SELF;
    return c;
  }
  r->state = COMM_ACTIVE;
  ensure_host(g, src > dst ? src : dst);
  host_rec *s = &g->hosts[src];
  r = &g->comms[c];
  r->out_pos = vec_push(&s->out, c, dst);
  r->in_pos = vec_push(&g->hosts[dst].in, c, src);
  if (s->source_pos == NOT_A_SOURCE) {
    cg_grow((void **)&g->sources, &g->source_cap, g->source_count + 1, sizeof *g->sources);
    s->source_pos = (uint32_t)g->source_count;
    g->sources[g->source_count++] = src;
  }
  g->active++;
  r->penalty = unset_penalty(); /* reads NaN until the (deferred) evaluation */
  if (g->edges_on) {
    edge_attach(g, c, src, dst);
    cg_grow((void **)&g->fresh, &g->fresh_cap, g->fresh_count + 1, sizeof *g->fresh);
    g->fresh[g->fresh_count++] = c;
  }
  cg_grow((void **)&g->added, &g->added_cap, g->added_count + 1, sizeof *g->added);
  g->added[g->added_count++] = c;
  g->tech->edge_changed(g, src, dst, +1, &g->dirty);
  cg_hostset_add(&g->dirty, src);
  end_event(g);
  return c;
}

static void vec_remove_at(cg_graph *g, comm_vec *v, uint32_t pos, int is_out)
{
  cg_comm moved = v->v[--v->n];
  v->v[pos] = moved;
  v->peer[pos] = v->peer[v->n];
  if (is_out)
    g->comms[moved].out_pos = pos;
  else
    g->comms[moved].in_pos = pos;
}

/* A call the graph cannot honour without corrupting itself (it read or
 * wrote out of bounds, or crashed later far from the call): stops the
 * program with one line, like an allocation failure (alloc.h). */
static void misuse(const char *fmt, unsigned a)
{
  fprintf(stderr, "contention: ");
  fprintf(stderr, fmt, a);
  fputc('\n', stderr);
  exit(EXIT_FAILURE);
}

void cg_graph_remove(cg_graph *g, cg_comm c)
{
  if (c >= g->comm_slots || g->comms[c].state == COMM_FREE)
    misuse("cg_graph_remove: comm %u is not active (removed twice, or never added)", c);
  begin_event(g);
  comm_rec *r = &g->comms[c];
  if (r->state == COMM_SELF) {
    free_comm(g, c);
    return;
  }
  cg_host src = r->src, dst = r->dst;
  host_rec *s = &g->hosts[src];
  vec_remove_at(g, &s->out, r->out_pos, 1);
  vec_remove_at(g, &g->hosts[dst].in, g->comms[c].in_pos, 0);
  if (s->out.n == 0) {
    cg_host last = g->sources[--g->source_count];
    g->sources[s->source_pos] = last;
    g->hosts[last].source_pos = s->source_pos;
    s->source_pos = NOT_A_SOURCE;
  }
  g->active--;
  if (g->edges_on)
    edge_detach(g, c);
  free_comm(g, c);
  g->tech->edge_changed(g, src, dst, -1, &g->dirty);
  end_event(g);
}

double cg_graph_penalty(const cg_graph *g, cg_comm c)
{
  /* A freed slot still holds its last penalty, which a reused handle would
   * then silently read as another comm's. */
  if (c >= g->comm_slots || g->comms[c].state == COMM_FREE)
    misuse("cg_graph_penalty: comm %u is not active (removed, or never added)", c);
  if (g->edges_on && g->comms[c].state == COMM_ACTIVE)
    return g->edges[g->link[c].edge].penalty;
  return g->comms[c].penalty;
}

/* Edge mode: drops the dead edges from the changed edges. */
static void compact_changed_edges(cg_graph *g)
{
  size_t k = 0;
  for (size_t i = 0; i < g->changed_e_count; i++) {
    cg_edge e = g->changed_e[i];
    if (g->edges[e].live)
      g->changed_e[k++] = e;
    else
      g->edges[e].changed = 0;
  }
  g->changed_e_count = k;
}

/* Edge mode: the comms of the changed edges, then the comms added on an
 * edge whose penalty stayed. The list is a cache of const data (built on
 * the first read after a mutation), hence the casts. */
static void build_changed(cg_graph *g)
{
  compact_changed_edges(g);
  for (size_t i = 0; i < g->changed_e_count; i++) {
    edge_rec *x = &g->edges[g->changed_e[i]];
    for (size_t k = 0; k < x->n; k++)
      mark_changed(g, edge_comms(x)[k]);
  }
  for (size_t i = 0; i < g->fresh_count; i++)
    if (g->comms[g->fresh[i]].state == COMM_ACTIVE)
      mark_changed(g, g->fresh[i]);
  g->changed_built = 1;
}

const cg_comm *cg_graph_changed(const cg_graph *g, size_t *count)
{
  if (g->edges_on && !g->changed_built)
    build_changed((cg_graph *)g);
  *count = g->changed_count;
  return g->changed;
}

int cg_graph_has_edges(const cg_graph *g) { return g->edges_on; }

const cg_edge *cg_graph_out_edges(const cg_graph *g, cg_host h, size_t *n)
{
  *n = h < g->host_count ? g->hosts[h].eout.n : 0;
  return *n ? g->hosts[h].eout.v : NULL;
}

const cg_edge *cg_graph_in_edges(const cg_graph *g, cg_host h, size_t *n)
{
  *n = h < g->host_count ? g->hosts[h].ein.n : 0;
  return *n ? g->hosts[h].ein.v : NULL;
}

const cg_host *cg_graph_out_edge_peers(const cg_graph *g, cg_host h)
{
  return h < g->host_count && g->hosts[h].eout.n ? g->hosts[h].eout.peer : NULL;
}

const cg_host *cg_graph_in_edge_peers(const cg_graph *g, cg_host h)
{
  return h < g->host_count && g->hosts[h].ein.n ? g->hosts[h].ein.peer : NULL;
}

const uint32_t *cg_graph_out_edge_mults(const cg_graph *g, cg_host h)
{
  return h < g->host_count && g->hosts[h].eout.n ? g->hosts[h].eout.mult : NULL;
}

const uint32_t *cg_graph_in_edge_mults(const cg_graph *g, cg_host h)
{
  return h < g->host_count && g->hosts[h].ein.n ? g->hosts[h].ein.mult : NULL;
}

cg_host cg_graph_edge_src(const cg_graph *g, cg_edge e) { return g->edges[e].src; }
cg_host cg_graph_edge_dst(const cg_graph *g, cg_edge e) { return g->edges[e].dst; }
size_t cg_graph_edge_mult(const cg_graph *g, cg_edge e) { return g->edges[e].n; }

const cg_comm *cg_graph_edge_comms(const cg_graph *g, cg_edge e, size_t *n)
{
  *n = g->edges[e].n;
  return edge_comms(&((cg_graph *)g)->edges[e]);
}

cg_edge cg_graph_comm_edge(const cg_graph *g, cg_comm c) { return g->link[c].edge; }

cg_edge cg_graph_find_edge(const cg_graph *g, cg_host src, cg_host dst)
{
  return g->table_cap ? g->table[slot_of(g, src, dst)] : CG_NO_EDGE;
}
double cg_graph_edge_penalty(const cg_graph *g, cg_edge e) { return g->edges[e].penalty; }

const cg_edge *cg_graph_changed_edges(const cg_graph *g, size_t *count)
{
  compact_changed_edges((cg_graph *)g);
  *count = g->changed_e_count;
  return g->changed_e;
}

void cg_graph_recompute_all(cg_graph *g)
{
  cg_graph_flush(g);
  int deferred = g->deferred;
  g->deferred = 0;
  begin_event(g);
  for (size_t i = 0; i < g->source_count; i++)
    cg_hostset_add(&g->dirty, g->sources[i]);
  end_event(g);
  g->deferred = deferred;
}

void cg_graph_set_host_group(cg_graph *g, cg_host h, int32_t group)
{
  /* technologies keep per-group state built from the groups at add time */
  if (h < g->host_count && g->hosts[h].group != group && (g->hosts[h].out.n || g->hosts[h].in.n))
    misuse("cg_graph_set_host_group: host %u has active comms: set its group before its first comm", h);
  ensure_host(g, h);
  g->hosts[h].group = group;
}

int32_t cg_graph_host_group(const cg_graph *g, cg_host h)
{
  return h < g->host_count ? g->hosts[h].group : -1;
}

size_t cg_graph_host_count(const cg_graph *g) { return g->host_count; }
size_t cg_graph_comm_count(const cg_graph *g) { return g->active; }

size_t cg_graph_out_degree(const cg_graph *g, cg_host h)
{
  return h < g->host_count ? g->hosts[h].out.n : 0;
}

size_t cg_graph_in_degree(const cg_graph *g, cg_host h)
{
  return h < g->host_count ? g->hosts[h].in.n : 0;
}

const cg_comm *cg_graph_out_comms(const cg_graph *g, cg_host h, size_t *n)
{
  *n = cg_graph_out_degree(g, h);
  return *n ? g->hosts[h].out.v : NULL;
}

const cg_comm *cg_graph_in_comms(const cg_graph *g, cg_host h, size_t *n)
{
  *n = cg_graph_in_degree(g, h);
  return *n ? g->hosts[h].in.v : NULL;
}

const cg_host *cg_graph_out_peers(const cg_graph *g, cg_host h)
{
  return cg_graph_out_degree(g, h) ? g->hosts[h].out.peer : NULL;
}

const cg_host *cg_graph_in_peers(const cg_graph *g, cg_host h)
{
  return cg_graph_in_degree(g, h) ? g->hosts[h].in.peer : NULL;
}

cg_host cg_graph_comm_src(const cg_graph *g, cg_comm c) { return g->comms[c].src; }
cg_host cg_graph_comm_dst(const cg_graph *g, cg_comm c) { return g->comms[c].dst; }

const cg_host *cg_graph_sources(const cg_graph *g, size_t *n)
{
  *n = g->source_count;
  return g->sources;
}

/* Finite and >= 1 in one unsigned compare on the sign and exponent bits:
 * [1, DBL_MAX] is exactly sign 0 with exponent field 0x3FF..0x7FE; below
 * 0x3FF wraps around to huge, and the sign bit or 0x7FF (inf, NaN) are
 * above. */
static int penalty_ok(uint64_t bits) { return (bits >> 52) - 0x3FF <= 0x3FF; }

void cg_graph_set_edge_penalty(cg_graph *g, cg_edge e, double penalty)
{
  edge_rec *x = &g->edges[e];
  uint64_t now = bits_of(penalty);
  if (now == bits_of(x->penalty))
    return;
  if (!penalty_ok(now))
    record_error(g, lowest_comm(g, e), penalty, 0);
  x->penalty = penalty;
  mark_edge_changed(g, e);
  g->changed_built = 0;
}

void cg_graph_set_penalty(cg_graph *g, cg_comm c, double penalty)
{
  if (g->edges_on) { /* the comm's edge: its parallel comms share it */
    cg_graph_set_edge_penalty(g, g->link[c].edge, penalty);
    return;
  }
  comm_rec *r = &g->comms[c];
  uint64_t now = bits_of(penalty), old = bits_of(r->penalty);
  /* Bitwise comparison; an unchanged value was checked when it was set. */
  if (now == old)
    return;
  if (!penalty_ok(now))
    record_error(g, c, penalty, 0);
  r->penalty = penalty;
  mark_changed(g, c); /* so a new comm is always listed */
}

const cg_penalty_error *cg_graph_error(const cg_graph *g) { return g->has_error ? &g->error : NULL; }

/* The fewest digits (up to 17) that read back as the same double. */
static void shortest(double v, char *buf, size_t len)
{
  for (int digits = 1; digits <= 17; digits++) {
    snprintf(buf, len, "%.*g", digits, v);
    if (isnan(v) || strtod(buf, NULL) == v)
      return;
  }
}

int cg_penalty_error_format(const cg_penalty_error *e, const char *comm, const char *src,
                            const char *dst, char *buf, size_t len)
{
  char hosts[256] = "", value[32];
  if (src && dst)
    snprintf(hosts, sizeof hosts, " (%s -> %s)", src, dst);
  shortest(e->penalty, value, sizeof value);
  if (e->missing)
    return snprintf(buf, len, "comm %s%s got no penalty from technology %s; penalties must be finite and >= 1",
                    comm, hosts, e->technology);
  return snprintf(buf, len,
                  "comm %s%s got the penalty %s from technology %s; penalties must be finite and >= 1",
                  comm, hosts, value, e->technology);
}

void *cg_graph_tech_state(const cg_graph *g) { return g->tech_state; }
void cg_graph_set_tech_state(cg_graph *g, void *state) { g->tech_state = state; }
const double *cg_graph_tech_params(const cg_graph *g) { return g->params; }
