/* The canonical bipartite graph of a Myrinet component (build_bigraph in
 * core/src/myrinet/myrinet_sets.c) lists each side's hosts in host-id order,
 * whatever the ids and the order the comms arrive in: the penalties are a
 * pure function of that graph (the memo and the bit-identity of
 * incremental and from-scratch evaluations rest on it).
 *
 * Components of 6, 24, 40 and 300 hosts, and of 10 hosts with 10 comms
 * each. Ids 0..n-1 are listed by a bitmap of their range; ids spread
 * increasingly over [0, 2^20) (three bytes), too sparse for a bitmap, by
 * a sort (insertion up to 32 hosts a side, a byte-wise radix sort above).
 * Comms are put in (source, destination) order by one counting sort and an
 * insertion sort per source, or, above 8 comms per source, by two counting
 * sorts. With the spread ids and the comms shuffled, the canonical graph
 * and the penalties are those of ids 0..n-1 in their original order, bit
 * for bit; with ids drawn in any order, each side's hosts come out
 * strictly ascending and every comm's pair leads back to its own hosts. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "myr_shapes.h"

enum { ID_RANGE = 1 << 20 };

static uint32_t rng = 12345;
static uint32_t draw(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}

/* Shuffles the comms of s (Fisher-Yates); where[i] = new place of comm i. */
static void shuffle(shape *s, size_t *where)
{
  size_t *at = malloc(s->n * sizeof *at); /* at[j] = original comm at place j */
  for (size_t i = 0; i < s->n; i++)
    at[i] = i;
  for (size_t j = s->n; j > 1; j--) {
    size_t r = draw() % j;
    cg_host a = s->src[j - 1], b = s->dst[j - 1];
    size_t t = at[j - 1];
    s->src[j - 1] = s->src[r];
    s->dst[j - 1] = s->dst[r];
    at[j - 1] = at[r];
    s->src[r] = a;
    s->dst[r] = b;
    at[r] = t;
  }
  for (size_t j = 0; j < s->n; j++)
    where[at[j]] = j;
  free(at);
}

/* Each side's hosts strictly ascending, and every comm's pair made of its
 * own hosts. */
static void check_consistent(const myr_comp *c)
{
  const myr_bigraph *g = &c->g;
  for (size_t i = 1; i < g->ns; i++)
    CHECK(c->hosts[i - 1] < c->hosts[i]);
  for (size_t i = 1; i < g->nd; i++)
    CHECK(c->hosts[g->ns + i - 1] < c->hosts[g->ns + i]);
  for (size_t i = 0; i < c->n; i++) {
    const myr_item *it = &c->items[c->perm[i]];
    size_t e = c->perm2[i];
    CHECK(c->hosts[g->e_src[e]] == it->src);
    CHECK(c->hosts[g->ns + g->e_dst[e]] == it->dst);
  }
}

static void one_size(uint32_t hosts, size_t comms)
{
  myr_options opt = myr_default_options(8);
  opt.memo = 0;
  shape ref = {0}, s = {0};
  shape_connected(&ref, comms, hosts, draw);
  double *pen_ref = malloc(comms * sizeof *pen_ref), *pen = malloc(comms * sizeof *pen);
  size_t *where = malloc(comms * sizeof *where);
  myr_comp cr = {0}, c = {0};
  shape_solve(&cr, &ref, &opt, pen_ref);
  check_consistent(&cr);

  /* increasing ids over three bytes, comms shuffled: the same graph */
  uint32_t *id = malloc(hosts * sizeof *id);
  uint32_t step = ID_RANGE / hosts;
  for (uint32_t h = 0; h < hosts; h++)
    id[h] = h * step + draw() % step;
  shape_copy(&s, &ref);
  for (size_t i = 0; i < s.n; i++) {
    s.src[i] = id[s.src[i]];
    s.dst[i] = id[s.dst[i]];
  }
  shuffle(&s, where);
  CHECK(shape_solve(&c, &s, &opt, pen) == cr.method);
  check_consistent(&c);
  CHECK(c.g.ns == cr.g.ns && c.g.nd == cr.g.nd && c.g.ne == cr.g.ne);
  if (c.g.ne == cr.g.ne) {
    CHECK(memcmp(c.g.e_src, cr.g.e_src, c.g.ne * sizeof *c.g.e_src) == 0);
    CHECK(memcmp(c.g.e_dst, cr.g.e_dst, c.g.ne * sizeof *c.g.e_dst) == 0);
    CHECK(memcmp(c.g.e_mult, cr.g.e_mult, c.g.ne * sizeof *c.g.e_mult) == 0);
  }
  for (size_t i = 0; i < comms; i++)
    CHECK(pen[where[i]] == pen_ref[i]);

  /* ids in any order: still sorted and consistent */
  for (uint32_t h = 0; h < hosts; h++) {
    uint32_t r = draw() % (h + 1); /* a random permutation of the ids */
    uint32_t t = id[h];
    id[h] = id[r];
    id[r] = t;
  }
  shape_copy(&s, &ref);
  for (size_t i = 0; i < s.n; i++) {
    s.src[i] = id[s.src[i]];
    s.dst[i] = id[s.dst[i]];
  }
  shape_solve(&c, &s, &opt, pen);
  check_consistent(&c);

  myr_comp_free(&cr);
  myr_comp_free(&c);
  shape_free(&ref);
  shape_free(&s);
  free(id);
  free(pen_ref);
  free(pen);
  free(where);
}

int main(void)
{
  one_size(6, 12);    /* insertion sort, exact DP */
  one_size(24, 60);   /* insertion sort */
  one_size(40, 120);  /* radix sort: more than 32 hosts a side */
  one_size(300, 700); /* radix sort, BP + regions */
  one_size(10, 100);  /* two counting sorts: more than 8 comms a source */
  return check_failures != 0;
}
