/* The graph records the first penalty a technology hands out that is not
 * finite and >= 1, and a new comm the technology leaves without a penalty;
 * cg_penalty_error_format() words it. A fake technology gives every comm of
 * a dirty source the value `fake_value` (or nothing, for new comms, when
 * `fake_skip_new` is set). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

static double fake_value = 1.0;
static int fake_skip_new = 0;

static void fake_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)g, (void)d, (void)delta;
  cg_hostset_add(dirty, s);
}

static void fake_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  for (size_t i = 0; i < dirty->count; i++) {
    size_t n;
    const cg_comm *out = cg_graph_out_comms(g, dirty->items[i], &n);
    for (size_t j = 0; j < n; j++)
      if (!(fake_skip_new && isnan(cg_graph_penalty(g, out[j]))))
        cg_graph_set_penalty(g, out[j], fake_value);
  }
}

static const cg_tech fake = {
  .name = "fake",
  .description = "test double",
  .edge_changed = fake_edge_changed,
  .evaluate = fake_evaluate,
};

/* Error state after adding one comm 3 -> 7 that gets penalty v. */
static int rejects(double v)
{
  fake_value = v;
  cg_graph *g = cg_graph_create(&fake, NULL);
  cg_graph_add(g, 3, 7);
  int bad = cg_graph_error(g) != NULL;
  cg_graph_destroy(g);
  return bad;
}

int main(void)
{
  char msg[256];
  { /* 0.5: recorded with technology, comm, hosts and value */
    fake_value = 0.5;
    cg_graph *g = cg_graph_create(&fake, NULL);
    cg_comm c = cg_graph_add(g, 3, 7);
    const cg_penalty_error *e = cg_graph_error(g);
    CHECK(e != NULL);
    if (e) {
      CHECK(strcmp(e->technology, "fake") == 0);
      CHECK(e->comm == c && e->src == 3 && e->dst == 7 && e->penalty == 0.5 && !e->missing);
      cg_penalty_error_format(e, "'a'", "n3", "n7", msg, sizeof msg);
      CHECK(strcmp(msg, "comm 'a' (n3 -> n7) got the penalty 0.5 from technology fake; "
                        "penalties must be finite and >= 1") == 0);
      cg_penalty_error_format(e, "2", NULL, NULL, msg, sizeof msg);
      CHECK(strcmp(msg, "comm 2 got the penalty 0.5 from technology fake; "
                        "penalties must be finite and >= 1") == 0);
    }
    /* Stored as given, not clamped. */
    CHECK(cg_graph_penalty(g, c) == 0.5);
    /* Sticky: a later NaN on another comm leaves the first fault. */
    fake_value = NAN;
    cg_graph_add(g, 4, 7);
    e = cg_graph_error(g);
    CHECK(e && e->comm == c && e->penalty == 0.5);
    cg_graph_destroy(g);
  }
  { /* NaN and +inf, worded */
    fake_value = NAN;
    cg_graph *g = cg_graph_create(&fake, NULL);
    cg_graph_add(g, 0, 1);
    const cg_penalty_error *e = cg_graph_error(g);
    CHECK(e && isnan(e->penalty) && !e->missing);
    if (e) {
      cg_penalty_error_format(e, "x", "a", "b", msg, sizeof msg);
      CHECK_STR_CONTAINS(msg, "comm x (a -> b) got the penalty nan from technology fake;");
    }
    cg_graph_destroy(g);
    fake_value = INFINITY;
    g = cg_graph_create(&fake, NULL);
    cg_graph_add(g, 0, 1);
    e = cg_graph_error(g);
    CHECK(e && isinf(e->penalty));
    if (e) {
      cg_penalty_error_format(e, "x", "a", "b", msg, sizeof msg);
      CHECK_STR_CONTAINS(msg, "got the penalty inf from technology fake;");
    }
    cg_graph_destroy(g);
  }
  { /* The one-compare test agrees with "finite and >= 1" on the edges. */
    const double bad[] = {0.5, NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, -1.0, -2.0,
                          nextafter(1.0, 0.0), DBL_MIN, 4.9e-324, -DBL_MAX};
    const double good[] = {1.0, nextafter(1.0, 2.0), 4.0 / 3.0, 1e300, DBL_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
      if (!rejects(bad[i])) {
        fprintf(stderr, "penalty %.17g accepted\n", bad[i]);
        check_failures++;
      }
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
      if (rejects(good[i])) {
        fprintf(stderr, "penalty %.17g rejected\n", good[i]);
        check_failures++;
      }
    /* A value just below 1 is printed with the digits that show it. */
    fake_value = nextafter(1.0, 0.0);
    cg_graph *g = cg_graph_create(&fake, NULL);
    cg_graph_add(g, 0, 1);
    if (cg_graph_error(g)) {
      cg_penalty_error_format(cg_graph_error(g), "x", NULL, NULL, msg, sizeof msg);
      CHECK_STR_CONTAINS(msg, "got the penalty 0.9999999999999999 from");
    }
    cg_graph_destroy(g);
  }
  { /* A new comm left without a penalty is reported as missing. */
    fake_value = 2.0;
    fake_skip_new = 1;
    cg_graph *g = cg_graph_create(&fake, NULL);
    cg_comm c = cg_graph_add(g, 5, 6);
    const cg_penalty_error *e = cg_graph_error(g);
    CHECK(e && e->missing && e->comm == c && e->src == 5 && e->dst == 6);
    if (e) {
      cg_penalty_error_format(e, "c", "h5", "h6", msg, sizeof msg);
      CHECK(strcmp(msg, "comm c (h5 -> h6) got no penalty from technology fake; "
                        "penalties must be finite and >= 1") == 0);
    }
    cg_graph_destroy(g);
    fake_skip_new = 0;
  }
  { /* Deferred mode: nothing before the flush; a comm added and removed
       before the flush is not missing; the fault appears at the flush. */
    fake_value = 2.0;
    cg_graph *g = cg_graph_create(&fake, NULL);
    cg_graph_set_deferred(g, 1);
    cg_comm a = cg_graph_add(g, 0, 1);
    cg_graph_remove(g, a);
    cg_graph_add(g, 1, 2);
    cg_graph_flush(g);
    CHECK(cg_graph_error(g) == NULL);
    fake_value = 0.25;
    cg_comm b = cg_graph_add(g, 2, 3);
    CHECK(cg_graph_error(g) == NULL);
    cg_graph_flush(g);
    const cg_penalty_error *e = cg_graph_error(g);
    CHECK(e && e->comm == b && e->penalty == 0.25);
    cg_graph_destroy(g);
  }
  { /* Valid penalties, self-comms and recomputation leave no error. */
    fake_value = 3.0;
    cg_graph *g = cg_graph_create(&fake, NULL);
    cg_comm x = cg_graph_add(g, 0, 1);
    cg_graph_add(g, 2, 2);
    cg_graph_recompute_all(g);
    cg_graph_remove(g, x);
    CHECK(cg_graph_error(g) == NULL);
    cg_graph_destroy(g);
  }
  CHECK_DONE();
}
