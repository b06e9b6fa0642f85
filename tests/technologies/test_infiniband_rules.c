/* Seed 000, Fig. 2: the four contention graphs and their printed penalties;
 * Fig. 4's graphs step by step; rule (b) as a max-min share of the
 * receiving card (several single-out and multi-out senders, parallel edges,
 * capped shares); the card's level bounding the multi-out comms too (a hub
 * of multi-out senders, random graphs); other corner cases (pure incast,
 * self-comm). */
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

enum { A, B, C, D, E, F };

static cg_graph *ib(void) { return cg_graph_create(&cg_tech_infiniband, NULL); }

/* A hot receiver 0: 24 multi-out senders (sender i also sends to i - 1
 * quiet hosts, so out-degrees 2..25 and many different penalties) and 3
 * single-out senders; built in the given order of the 27 senders. Returns
 * the graph; single[] gets the singles' comms, multi[] the multi-out
 * comms into 0, quiet[] one comm of each multi-out sender to a quiet host
 * (its penalty is the sender's P). */
enum { HOT_MULTI = 24, HOT_SINGLE = 3 };
static cg_graph *hot_receiver(const int *order, cg_comm *single, cg_comm *multi, cg_comm *quiet)
{
  cg_graph *g = ib();
  for (int j = 0; j < HOT_MULTI + HOT_SINGLE; j++) {
    int i = order[j];
    cg_host s = (cg_host)(1 + i);
    if (i >= HOT_MULTI) {
      single[i - HOT_MULTI] = cg_graph_add(g, s, 0);
      continue;
    }
    multi[i] = cg_graph_add(g, s, 0);
    for (int q = 0; q < i + 1; q++) {
      cg_comm c = cg_graph_add(g, s, (cg_host)(1000 + 100 * i + q));
      if (q == 0)
        quiet[i] = c;
    }
  }
  return g;
}

/* Sum over the comms into each host of 1/penalty: the share of its card
 * they get. Returns the largest. */
static double fullest_card(const cg_graph *g)
{
  double worst = 0;
  for (cg_host d = 0; d < (cg_host)cg_graph_host_count(g); d++) {
    size_t n;
    const cg_edge *in = cg_graph_in_edges(g, d, &n);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
      sum += cg_graph_edge_mult(g, in[i]) / cg_graph_edge_penalty(g, in[i]);
    if (sum > worst)
      worst = sum;
  }
  return worst;
}

/* x with sum of min(share, x) + n x = 1, by bisection (independent of the
 * sorted water-filling of the code). */
static double level_by_bisection(const double *share, int m, int n)
{
  double lo = 0, hi = 1;
  for (int it = 0; it < 200; it++) {
    double x = (lo + hi) / 2, f = n * x;
    for (int i = 0; i < m; i++)
      f += share[i] < x ? share[i] : x;
    if (f < 1)
      lo = x;
    else
      hi = x;
  }
  return (lo + hi) / 2;
}

int main(void)
{
  /* The sums of 1/d+ are in 2^-36 fixed point: the largest error measured
   * here is 3.6e-12 relative (8/3 in graph 3); the others are below 1.2e-12. */
  const double tol = 5e-12;
  { /* graph 1: a sends to b, c, d */
    cg_graph *g = ib();
    cg_comm e[3] = {cg_graph_add(g, A, B), cg_graph_add(g, A, C), cg_graph_add(g, A, D)};
    for (int i = 0; i < 3; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 3.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 2: b and c each send to a and to d: rule (a) nullifies k */
    cg_graph *g = ib();
    cg_comm e[4] = {cg_graph_add(g, B, A), cg_graph_add(g, B, D), cg_graph_add(g, C, A),
                    cg_graph_add(g, C, D)};
    for (int i = 0; i < 4; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 2.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 2, other reading: b -> a, b -> e; c -> a, c -> f */
    cg_graph *g = ib();
    cg_comm e[4] = {cg_graph_add(g, B, A), cg_graph_add(g, B, E), cg_graph_add(g, C, A),
                    cg_graph_add(g, C, F)};
    for (int i = 0; i < 4; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 2.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 3: a -> b, c, d; d -> b, c: rule (c) gives 4 and 2 + 2/3 */
    cg_graph *g = ib();
    cg_comm ab = cg_graph_add(g, A, B), ac = cg_graph_add(g, A, C), ad = cg_graph_add(g, A, D);
    cg_comm db = cg_graph_add(g, D, B), dc = cg_graph_add(g, D, C);
    CHECK_REL(cg_graph_penalty(g, ab), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, ac), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, ad), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, db), 8.0 / 3.0, tol);
    CHECK_REL(cg_graph_penalty(g, dc), 8.0 / 3.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 4: a -> b, c; d -> b; e -> c: rule (c) gives 4, rule (b) 4/3 */
    cg_graph *g = ib();
    cg_comm ab = cg_graph_add(g, A, B), ac = cg_graph_add(g, A, C);
    cg_comm db = cg_graph_add(g, D, B), ec = cg_graph_add(g, E, C);
    CHECK_REL(cg_graph_penalty(g, ab), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, ac), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, db), 4.0 / 3.0, tol);
    CHECK_REL(cg_graph_penalty(g, ec), 4.0 / 3.0, tol);
    /* Removing a -> c: a has one comm left; b receives from two singles. */
    cg_graph_remove(g, ac);
    CHECK_REL(cg_graph_penalty(g, ab), 2.0, tol);
    CHECK_REL(cg_graph_penalty(g, db), 2.0, tol);
    CHECK_REL(cg_graph_penalty(g, ec), 1.0, tol);
    cg_graph_destroy(g);
  }
  { /* Fig. 4 graph A: a, b from n0 to n1, n2; c, d into n1; e into n2.
       n0: D = 2 + k (1 + 1 into n1, 1 into n2) = 5. n1: c, d share what a
       leaves, (1 - 1/5) / 2 = 0.4 each: 2.5. n2: e gets 1 - 1/5: 1.25. */
    cg_graph *g = ib();
    cg_comm a = cg_graph_add(g, 0, 1), b = cg_graph_add(g, 0, 2), c = cg_graph_add(g, 3, 1);
    cg_comm d = cg_graph_add(g, 4, 1), e = cg_graph_add(g, 5, 2);
    CHECK_REL(cg_graph_penalty(g, a), 5.0, tol);
    CHECK_REL(cg_graph_penalty(g, b), 5.0, tol);
    CHECK_REL(cg_graph_penalty(g, c), 2.5, tol);
    CHECK_REL(cg_graph_penalty(g, d), 2.5, tol);
    CHECK_REL(cg_graph_penalty(g, e), 1.25, tol);
    /* e ends: n0 = 2 + 2 = 4; c, d get (1 - 1/4) / 2 each: 8/3. */
    cg_graph_remove(g, e);
    CHECK_REL(cg_graph_penalty(g, a), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, c), 8.0 / 3.0, tol);
    CHECK_REL(cg_graph_penalty(g, d), 8.0 / 3.0, tol);
    cg_graph_remove(g, c);
    cg_graph_remove(g, d);
    CHECK_REL(cg_graph_penalty(g, a), 2.0, tol);
    CHECK_REL(cg_graph_penalty(g, b), 2.0, tol);
    cg_graph_destroy(g);
  }
  { /* Fig. 4 graph B: c, d, e into n1 share (1 - 1/5) / 3: 3.75 (the
       literal formula gave 1.25 each, 2.6 cards into n1) */
    cg_graph *g = ib();
    cg_comm a = cg_graph_add(g, 0, 1), b = cg_graph_add(g, 0, 2);
    cg_comm s[3] = {cg_graph_add(g, 3, 1), cg_graph_add(g, 4, 1), cg_graph_add(g, 5, 1)};
    CHECK_REL(cg_graph_penalty(g, a), 5.0, tol);
    CHECK_REL(cg_graph_penalty(g, b), 5.0, tol);
    for (int i = 0; i < 3; i++)
      CHECK_REL(cg_graph_penalty(g, s[i]), 3.75, tol);
    cg_graph_destroy(g);
  }
  { /* Two multi-out senders of different penalties and two singles into
       d = 0: s1 = 1 -> {0, 5}, s2 = 2 -> {0, 6, 7}, t1 = 3, t2 = 4.
       P(s1) = 2 + 1/3 + 1 + 1 = 13/3, P(s2) = 3 + 1/2 + 1 + 1 = 11/2;
       neither share is capped: t1, t2 get (1 - 3/13 - 2/11) / 2 = 42/143
       each, penalty 143/42, and the four shares fill the card exactly. */
    cg_graph *g = ib();
    cg_comm t1 = cg_graph_add(g, 3, 0);
    cg_comm s1 = cg_graph_add(g, 1, 0);
    cg_graph_add(g, 2, 6);
    cg_comm s2 = cg_graph_add(g, 2, 0);
    cg_graph_add(g, 1, 5);
    cg_comm t2 = cg_graph_add(g, 4, 0);
    cg_graph_add(g, 2, 7);
    CHECK_REL(cg_graph_penalty(g, s1), 13.0 / 3.0, tol);
    CHECK_REL(cg_graph_penalty(g, s2), 5.5, tol);
    CHECK_REL(cg_graph_penalty(g, t1), 143.0 / 42.0, tol);
    CHECK_REL(cg_graph_penalty(g, t2), 143.0 / 42.0, tol);
    CHECK_REL(1 / cg_graph_penalty(g, s1) + 1 / cg_graph_penalty(g, s2) +
                  2 / cg_graph_penalty(g, t1), 1.0, tol);
    cg_graph_destroy(g);
  }
  { /* Parallel edges: s = 1 sends twice to 0, t = 2 once. P(s) = 2 + 1 + 1
       = 4; t gets what the two quarters leave: 1/2, penalty 2 (the literal
       formula gave 4/3, 1.25 cards). */
    cg_graph *g = ib();
    cg_comm p1 = cg_graph_add(g, 1, 0), t = cg_graph_add(g, 2, 0), p2 = cg_graph_add(g, 1, 0);
    CHECK_REL(cg_graph_penalty(g, p1), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, p2), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, t), 2.0, tol);
    cg_graph_destroy(g);
  }
  { /* Capped shares: four senders 1..4 of out-degree 2 (one comm into 0,
       one to a quiet host) and one single 5 into 0. P = 2 + 3/2 + 1 = 4.5
       each, above the fair level 1/5, so each counts for 1/5 and the single
       gets the fair share: penalty 5 = d-(0), never more. The multi-out
       comms into 0 are held at that level too (4/4.5 + 1/5 was 1.09
       cards); their comms to the quiet hosts keep P = 4.5. */
    cg_graph *g = ib();
    cg_comm m[4], q[4];
    for (cg_host s = 1; s <= 4; s++) {
      m[s - 1] = cg_graph_add(g, s, 0);
      q[s - 1] = cg_graph_add(g, s, 10 + s);
    }
    cg_comm single = cg_graph_add(g, 5, 0);
    for (int i = 0; i < 4; i++) {
      CHECK_REL(cg_graph_penalty(g, m[i]), 5.0, tol);
      CHECK_REL(cg_graph_penalty(g, q[i]), 4.5, tol);
    }
    CHECK_REL(cg_graph_penalty(g, single), 5.0, tol);
    CHECK_REL(fullest_card(g), 1.0, tol);
    /* Without the single, P = 2 + 3/2 = 3.5 and 4/3.5 cards would reach
       0: the comms into 0 get the fair share 4, the others 3.5. */
    cg_graph_remove(g, single);
    for (int i = 0; i < 4; i++) {
      CHECK_REL(cg_graph_penalty(g, m[i]), 4.0, tol);
      CHECK_REL(cg_graph_penalty(g, q[i]), 3.5, tol);
    }
    CHECK_REL(fullest_card(g), 1.0, tol);
    cg_graph_destroy(g);
  }
  { /* A hub of multi-out senders: k = 100 sources of out-degree 10, each
       with one comm into 0 and nine to hosts of their own. Rule (c) gives
       P = 10 + 99/10 = 19.9, so 0 would receive 100/19.9 = 5.03 cards; the
       card's level 1/100 holds the comms into 0 at penalty 100, the fair
       share, and the others at 19.9 (99 fixed-point terms of 1/10: 2.9e-11
       relative, checked at 5e-11). */
    enum { K = 100, DEG = 10 };
    cg_graph *g = ib();
    cg_comm hub[K], other[K];
    for (int i = 0; i < K; i++) {
      cg_host s = (cg_host)(1 + i);
      hub[i] = cg_graph_add(g, s, 0);
      for (int q = 1; q < DEG; q++) {
        cg_comm c = cg_graph_add(g, s, (cg_host)(1000 + DEG * i + q));
        if (q == 1)
          other[i] = c;
      }
    }
    for (int i = 0; i < K; i++) {
      CHECK_REL(cg_graph_penalty(g, hub[i]), 100.0, tol);
      CHECK_REL(cg_graph_penalty(g, other[i]), 19.9, 5e-11);
    }
    CHECK_REL(fullest_card(g), 1.0, tol);
    cg_graph_destroy(g);
  }
  { /* Random graphs (some hot receivers, parallel edges): no card receives
       more than itself. Before the level bounded the multi-out comms,
       these reached 1.61 cards. */
    check_seed(57);
    double worst = 0;
    for (int trial = 0; trial < 300; trial++) {
      cg_graph *g = ib();
      uint32_t hosts = 2 + (uint32_t)(check_next() % 31);
      size_t comms = 1 + check_next() % 200;
      for (size_t i = 0; i < comms; i++) {
        cg_host s = (cg_host)(check_next() % hosts), d;
        do
          d = (cg_host)(check_next() % (check_next() % 2 ? 3 : hosts));
        while (d == s);
        cg_graph_add(g, s, d);
      }
      double f = fullest_card(g);
      if (f > worst)
        worst = f;
      cg_graph_destroy(g);
    }
    CHECK(worst <= 1 + tol);
    CHECK(worst >= 1 - tol); /* some card is full: the draws do contend */
  }
  { /* Hot receiver (more than 16 multi-out comms: the heapsort path), some
       shares capped and some not; checked against bisection, and the same
       bits whatever the order the senders arrive in. */
    int fwd[HOT_MULTI + HOT_SINGLE], rev[HOT_MULTI + HOT_SINGLE];
    for (int i = 0; i < HOT_MULTI + HOT_SINGLE; i++) {
      fwd[i] = i;
      rev[i] = HOT_MULTI + HOT_SINGLE - 1 - i;
    }
    cg_comm s1[HOT_SINGLE], m1[HOT_MULTI], q1[HOT_MULTI], s2[HOT_SINGLE], m2[HOT_MULTI], q2[HOT_MULTI];
    cg_graph *g = hot_receiver(fwd, s1, m1, q1), *h = hot_receiver(rev, s2, m2, q2);
    double share[HOT_MULTI];
    int capped = 0;
    for (int i = 0; i < HOT_MULTI; i++)
      share[i] = 1 / cg_graph_penalty(g, q1[i]); /* 1 / P(s) */
    double x = level_by_bisection(share, HOT_MULTI, HOT_SINGLE);
    for (int i = 0; i < HOT_MULTI; i++) {
      capped += share[i] > x;
      CHECK_REL(cg_graph_penalty(g, m1[i]), share[i] > x ? 1 / x : 1 / share[i], tol);
    }
    CHECK(capped > 0 && capped < HOT_MULTI);
    CHECK_REL(fullest_card(g), 1.0, tol);
    for (int i = 0; i < HOT_SINGLE; i++) {
      CHECK_REL(cg_graph_penalty(g, s1[i]), 1 / x, tol);
      CHECK(cg_graph_penalty(g, s1[i]) == cg_graph_penalty(h, s2[i]));
    }
    for (int i = 0; i < HOT_MULTI; i++)
      CHECK(cg_graph_penalty(g, m1[i]) == cg_graph_penalty(h, m2[i]));
    cg_graph_destroy(g);
    cg_graph_destroy(h);
  }
  { /* pure incast of 4 single senders: rule (b) has no multi-out source,
       rule (c) gives the fair share 4 */
    cg_graph *g = ib();
    cg_comm e[4];
    for (int i = 0; i < 4; i++)
      e[i] = cg_graph_add(g, (cg_host)(1 + i), 0);
    for (int i = 0; i < 4; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 4.0, tol);
    cg_graph_destroy(g);
  }
  { /* self-comm: penalty 1, not in the graph, changes nothing */
    cg_graph *g = ib();
    cg_comm x = cg_graph_add(g, A, B);
    cg_comm s = cg_graph_add(g, A, A);
    size_t n;
    cg_graph_changed(g, &n);
    CHECK(n == 0);
    CHECK(cg_graph_comm_count(g) == 1);
    CHECK_REL(cg_graph_penalty(g, s), 1.0, 0);
    CHECK_REL(cg_graph_penalty(g, x), 1.0, 0);
    cg_graph_remove(g, s);
    cg_graph_remove(g, x);
    CHECK(cg_graph_comm_count(g) == 0);
    cg_graph_destroy(g);
  }
  { /* changed list: adding a second comm from a changes both of a's comms */
    cg_graph *g = ib();
    cg_comm x = cg_graph_add(g, A, B);
    size_t n;
    const cg_comm *ch = cg_graph_changed(g, &n);
    CHECK(n == 1 && ch[0] == x);
    cg_comm y = cg_graph_add(g, A, C);
    ch = cg_graph_changed(g, &n);
    CHECK(n == 2 && ((ch[0] == x && ch[1] == y) || (ch[0] == y && ch[1] == x)));
    cg_comm z = cg_graph_add(g, E, F); /* disjoint: only itself */
    ch = cg_graph_changed(g, &n);
    CHECK(n == 1 && ch[0] == z);
    cg_graph_remove(g, y);
    ch = cg_graph_changed(g, &n);
    CHECK(n == 1 && ch[0] == x);
    CHECK_REL(cg_graph_penalty(g, x), 1.0, 0);
    cg_graph_destroy(g);
  }
  { /* lookup and names */
    CHECK(cg_tech_find("infiniband") == &cg_tech_infiniband);
    CHECK(cg_tech_find("token-ring") == NULL);
    char names[256];
    cg_tech_names(names, sizeof names);
    CHECK_STR_CONTAINS(names, "infiniband");
  }
  CHECK_DONE();
}
