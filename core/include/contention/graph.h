/* Dynamic contention graph: hosts are vertices, active inter-host comms are
 * edges (parallel edges allowed, self-loops never enter the graph).
 *
 * Adding or removing a comm re-evaluates only the comms whose penalty can
 * change (the technology says which) and records the comms whose penalty did
 * change, so a simulator re-bounds exactly those.
 *
 * Determinism: a penalty is a pure function of the current graph (the rule
 * sets do not depend on the order of adjacency lists), so the same set of
 * active comms gives bit-identical penalties whatever the history. */
#ifndef CONTENTION_GRAPH_H
#define CONTENTION_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t cg_host; /* dense host index chosen by the caller */
typedef uint32_t cg_comm; /* handle returned by cg_graph_add */
#define CG_NO_COMM UINT32_MAX

struct cg_tech;
typedef struct cg_graph cg_graph;

/* Creates an empty graph that evaluates penalties with `tech`; its
 * parameters `params` (tech->param_count doubles; NULL = defaults) are
 * copied. Like every core function, exits with a message if memory runs
 * out (see alloc.h). */
cg_graph *cg_graph_create(const struct cg_tech *tech, const double *params);
void cg_graph_destroy(cg_graph *g);

/* Adds a comm src -> dst. If src == dst the comm is a self-comm: it gets a
 * handle and penalty 1 but never enters the graph and changes nothing. */
cg_comm cg_graph_add(cg_graph *g, cg_host src, cg_host dst);
/* Removes an active comm; its handle may be reused by a later add. A
 * handle that is not active (removed twice, never added) stops the program
 * with "contention: cg_graph_remove: comm C is not active ...". */
void cg_graph_remove(cg_graph *g, cg_comm c);

/* Penalty of an active comm: finite and >= 1 unless cg_graph_error() says
 * otherwise. A handle that is not active stops the program with
 * "contention: cg_graph_penalty: comm C is not active ...". */
double cg_graph_penalty(const cg_graph *g, cg_comm c);

/* Comms whose penalty changed during the last add or remove (the comm added
 * is always listed, unless it is a self-comm, which never enters the graph;
 * the comm removed never is). Valid until the next mutation. Listed in the order the technology re-evaluated them, which
 * depends only on the event sequence (so simulations stay deterministic);
 * with an edge_penalties technology, edge by edge in that order, then the
 * comms added on an edge whose penalty stayed (the list is then built on
 * the first call after an evaluation, O(comms listed)). */
const cg_comm *cg_graph_changed(const cg_graph *g, size_t *count);

/* Deferred mode, for simulators that apply penalties once per simulated
 * instant: while on, add and remove only record which sources became dirty;
 * penalties are stale (a comm added since the last flush reads NaN) until
 * cg_graph_flush() evaluates them all at once. The changed list then holds
 * every live comm whose penalty changed since the previous flush (none
 * after a flush with no add or remove since the previous one). Turning
 * the mode off flushes. Penalties are the same as in immediate mode. */
void cg_graph_set_deferred(cg_graph *g, int on);
void cg_graph_flush(cg_graph *g);

/* ---- Invalid penalties ---------------------------------------------- */

/* The first penalty a technology handed out that is not finite and >= 1
 * (NaN, +-inf, below 1), or a new comm its evaluation left without a
 * penalty (`missing`). Such a value is stored as given, never clamped:
 * the graph only records the fault, and callers must test cg_graph_error()
 * after each add or remove in immediate mode, after each flush in deferred
 * mode, and after cg_graph_recompute_all(), then stop. */
typedef struct cg_penalty_error {
  const char *technology; /* tech->name */
  cg_comm comm;           /* live when the fault is reported */
  cg_host src, dst;
  double penalty;         /* the invalid value (NaN when missing) */
  int missing;            /* 1: the technology never set this new comm */
} cg_penalty_error;

/* NULL while every penalty handed out is valid; otherwise the first fault.
 * It stays set until the graph is destroyed. */
const cg_penalty_error *cg_graph_error(const cg_graph *g);

/* Writes the one-line message, naming the comm and its hosts the caller's
 * way (src and dst may be NULL to leave the hosts out):
 *   comm C (S -> D) got the penalty V from technology T; penalties must be
 *   finite and >= 1
 *   comm C (S -> D) got no penalty from technology T; penalties must be
 *   finite and >= 1
 * V is printed with the fewest digits that read back as the same double
 * (0.5, nan, inf, 0.9999999999999999). Returns what snprintf returns. */
int cg_penalty_error_format(const cg_penalty_error *e, const char *comm, const char *src,
                            const char *dst, char *buf, size_t len);

/* Re-evaluates every comm from scratch (reference path for tests and
 * benchmarks); fills the changed list like an event does. */
void cg_graph_recompute_all(cg_graph *g);

/* Optional host attribute used by hierarchical technologies (rack or
 * cabinet of a host; -1 = unknown, the default). Set it before the host's
 * first comm is added: changing it while the host has active comms stops
 * the program with "contention: cg_graph_set_host_group: host H has active
 * comms ...". */
void cg_graph_set_host_group(cg_graph *g, cg_host h, int32_t group);
int32_t cg_graph_host_group(const cg_graph *g, cg_host h);

/* ---- Read access, for technologies (and tests) ---------------------- */

size_t cg_graph_host_count(const cg_graph *g);   /* 1 + largest host seen */
size_t cg_graph_comm_count(const cg_graph *g);   /* active inter-host comms */
size_t cg_graph_out_degree(const cg_graph *g, cg_host h);
size_t cg_graph_in_degree(const cg_graph *g, cg_host h);
/* Comms leaving / entering h, in unspecified order. */
const cg_comm *cg_graph_out_comms(const cg_graph *g, cg_host h, size_t *n);
const cg_comm *cg_graph_in_comms(const cg_graph *g, cg_host h, size_t *n);
/* The other ends of those comms, in the same order: out_peers[i] is the
 * destination of out_comms[i], in_peers[i] the source of in_comms[i]
 * (kept beside the comms, so that a search over the graph need not read
 * each comm's record). */
const cg_host *cg_graph_out_peers(const cg_graph *g, cg_host h);
const cg_host *cg_graph_in_peers(const cg_graph *g, cg_host h);
cg_host cg_graph_comm_src(const cg_graph *g, cg_comm c);
cg_host cg_graph_comm_dst(const cg_graph *g, cg_comm c);
/* Hosts with at least one outgoing comm, in unspecified order. */
const cg_host *cg_graph_sources(const cg_graph *g, size_t *n);

/* Technologies write the new penalty of a comm they re-evaluate here. A
 * value that is not finite and >= 1 is stored and recorded as the graph's
 * error (cg_graph_error) if it is the first one. */
void cg_graph_set_penalty(cg_graph *g, cg_comm c, double penalty);

/* ---- Edges: parallel comms as one edge of multiplicity k ------------ */

/* Only for a technology with edge_penalties set (technology.h): the graph
 * then also keeps each distinct (source, destination) pair of active comms
 * as an edge, with its multiplicity and one penalty shared by its comms
 * (cg_graph_penalty of a comm reads its edge's). Edge handles are dense and
 * reused once an edge has no comm left. With any other technology these
 * functions must not be called (cg_graph_has_edges() says which). */
typedef uint32_t cg_edge;
#define CG_NO_EDGE UINT32_MAX
int cg_graph_has_edges(const cg_graph *g);
/* Edges leaving / entering h (one per distinct peer), unspecified order. */
const cg_edge *cg_graph_out_edges(const cg_graph *g, cg_host h, size_t *n);
const cg_edge *cg_graph_in_edges(const cg_graph *g, cg_host h, size_t *n);
/* Beside those edges, in the same order: the other end of each (the
 * destination of out_edges[i], the source of in_edges[i]) and its
 * multiplicity, kept in the host's block so that a loop over a host's
 * edges reads no edge record. */
const cg_host *cg_graph_out_edge_peers(const cg_graph *g, cg_host h);
const cg_host *cg_graph_in_edge_peers(const cg_graph *g, cg_host h);
const uint32_t *cg_graph_out_edge_mults(const cg_graph *g, cg_host h);
const uint32_t *cg_graph_in_edge_mults(const cg_graph *g, cg_host h);
cg_host cg_graph_edge_src(const cg_graph *g, cg_edge e);
cg_host cg_graph_edge_dst(const cg_graph *g, cg_edge e);
size_t cg_graph_edge_mult(const cg_graph *g, cg_edge e); /* its comms */
/* The comms of e, in unspecified order (cg_graph_edge_mult of them). */
const cg_comm *cg_graph_edge_comms(const cg_graph *g, cg_edge e, size_t *n);
cg_edge cg_graph_comm_edge(const cg_graph *g, cg_comm c); /* active comm */
/* The live edge src -> dst, or CG_NO_EDGE; O(1) (the graph's hash). */
cg_edge cg_graph_find_edge(const cg_graph *g, cg_host src, cg_host dst);
double cg_graph_edge_penalty(const cg_graph *g, cg_edge e);
/* Sets the penalty of every comm of e at once (checked like
 * cg_graph_set_penalty; a fault names the edge's comm of lowest handle). */
void cg_graph_set_edge_penalty(cg_graph *g, cg_edge e, double penalty);
/* Live edges whose penalty changed, or that were created, during the last
 * add or remove (deferred mode: since the previous flush); the edge-level
 * form of cg_graph_changed(), which lists their comms and the comms added.
 * A solver reading this list pays per edge, not per comm. Valid until the
 * next mutation. */
const cg_edge *cg_graph_changed_edges(const cg_graph *g, size_t *count);

/* Technology-private state, kept across events (NULL until set). The graph
 * frees it on destroy with tech->destroy_state, or free() if that is NULL. */
void *cg_graph_tech_state(const cg_graph *g);
void cg_graph_set_tech_state(cg_graph *g, void *state);
/* The technology parameters (tech->param_count doubles). */
const double *cg_graph_tech_params(const cg_graph *g);

#ifdef __cplusplus
}
#endif
#endif
