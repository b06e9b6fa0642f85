/* Pluggable penalty rule sets, one per network technology.
 *
 * A technology is told which edge changed and names the source hosts whose
 * outgoing comms may see a new penalty; then it re-evaluates the outgoing
 * comms of those hosts with cg_graph_set_penalty(). Full recomputation
 * (cg_graph_recompute_all) calls evaluate() with every source host. The
 * graph code knows nothing else about the rules. */
#ifndef CONTENTION_TECHNOLOGY_H
#define CONTENTION_TECHNOLOGY_H

#include <stddef.h>
#include "contention/graph.h"
#include "contention/hostset.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_tech_param {
  const char *name;        /* option name, e.g. "beta" */
  const char *description; /* one line, shown by --help */
  double default_value;
  double min_value;        /* accepted range, inclusive */
  double max_value;
  int integer;             /* 1: only whole numbers are accepted */
} cg_tech_param;

typedef struct cg_tech {
  const char *name;        /* "infiniband", "gige", ... */
  const char *description; /* one line */
  /* Numeric parameters; the params block is an array of double, one per
   * entry, in this order. */
  const cg_tech_param *params;
  size_t param_count;
  /* Called right after the edge src -> dst was added (delta = +1) or
   * removed (delta = -1); the graph is already updated. Updates the
   * technology's incremental state, if any, and adds to `dirty` every source
   * host whose outgoing comms' penalties may change (or records in its own
   * state what evaluate() must add, e.g. destinations whose senders it
   * expands once per evaluation). */
  void (*edge_changed)(cg_graph *g, cg_host src, cg_host dst, int delta, cg_hostset *dirty);
  /* Sets, with cg_graph_set_penalty(), the penalty of every comm leaving a
   * host of `dirty` (and of any other comm whose penalty it finds changed as
   * a consequence). Must not depend on the order of adjacency lists. */
  void (*evaluate)(cg_graph *g, const cg_hostset *dirty);
  /* Frees the state set with cg_graph_set_tech_state(); NULL means free(). */
  void (*destroy_state)(void *state);
  /* 1: the rules give parallel comms (same source, same destination) one
   * penalty, and evaluate() sets it per edge with cg_graph_set_edge_penalty()
   * reading the graph's edges (graph.h); the graph then keeps k parallel
   * comms as one edge of multiplicity k, and an evaluation costs the edges
   * it touches, not their comms. 0: per comm, cg_graph_set_penalty(). */
  int edge_penalties;
} cg_tech;

/* All built-in technologies, NULL-terminated. */
const cg_tech *const *cg_tech_all(void);
/* The technology used when none is chosen (options, tools): InfiniBand. */
const cg_tech *cg_tech_default(void);
/* Looks a technology up by name; NULL if unknown. */
const cg_tech *cg_tech_find(const char *name);
/* Writes "a, b, c" (the accepted names) into buf. */
void cg_tech_names(char *buf, size_t len);
/* Fills params (param_count doubles) with the defaults. */
void cg_tech_default_params(const cg_tech *t, double *params);
/* Sets parameter `name` from text; returns 0, or -1 with a message in err
 * naming the parameter and its accepted range (an integer parameter
 * refuses a fraction). */
int cg_tech_set_param(const cg_tech *t, double *params, const char *name, const char *value,
                      char *err, size_t errlen);

extern const cg_tech cg_tech_infiniband;
extern const cg_tech cg_tech_gige, cg_tech_myrinet, cg_tech_hier_ethernet, cg_tech_infinihost;

#ifdef __cplusplus
}
#endif
#endif
