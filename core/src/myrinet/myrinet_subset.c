/* Exact counts for complete-minus-a-partial-matching components with
 * multiplicities, by dynamic programming over subsets of the small side
 * (see myrinet_subset.h). */
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "myrinet_sets.h"
#include "myrinet_subset.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

/* Forward layers kept at once (doubles): bounds the scratch at 2 MB. */
enum { MAX_CELLS = 1 << 18 };

/* Whether every host misses at most one pair of the component. */
static int shape_ok(const myr_bigraph *g)
{
  for (size_t s = 0; s < g->ns; s++)
    if (g->s_off[s + 1] - g->s_off[s] + 1 < g->nd)
      return 0;
  for (size_t d = 0; d < g->nd; d++)
    if (g->d_off[d + 1] - g->d_off[d] + 1 < g->ns)
      return 0;
  return 1;
}

/* One step of the large side (host k): from layer `in` (before k) to
 * `out`. Idle hosts only when the sides differ; the virtual pair only when
 * they are equal. */
static void forward(const myr_subset *w, size_t r, int square, size_t k, const double *in, double *out)
{
  size_t states = (size_t)1 << r;
  const double *wk = w->w + k * r;
  memset(out, 0, 2 * states * sizeof *out);
  for (size_t t = 0; t < states; t++)
    for (size_t fl = 0; fl <= (size_t)square; fl++) {
      double v = in[2 * t + fl];
      if (v == 0)
        continue;
      if (!square)
        out[2 * t + fl] += v;
      for (size_t i = 0; i < r; i++)
        if (!(t >> i & 1) && wk[i] > 0)
          out[2 * (t | (size_t)1 << i) + fl] += v * wk[i];
      if (square && fl == 0 && w->miss[k] >= 0 && !(t >> w->miss[k] & 1))
        out[2 * (t | (size_t)1 << w->miss[k]) + 1] += v;
    }
}

/* Backward step at host k: gout = ways to finish from each state before k
 * (only states the forward pass reaches), and cnt[i] += sets where one comm
 * of pair (k, i) sends. */
static void backward(const myr_subset *w, size_t r, int square, size_t k, const double *f, const double *gin,
                     double *gout, double *cnt)
{
  size_t states = (size_t)1 << r;
  const double *wk = w->w + k * r;
  memset(gout, 0, 2 * states * sizeof *gout);
  for (size_t t = 0; t < states; t++)
    for (size_t fl = 0; fl <= (size_t)square; fl++) {
      double v = f[2 * t + fl];
      if (v == 0)
        continue;
      double b = square ? 0 : gin[2 * t + fl];
      for (size_t i = 0; i < r; i++)
        if (!(t >> i & 1) && wk[i] > 0) {
          double next = gin[2 * (t | (size_t)1 << i) + fl];
          b += wk[i] * next;
          cnt[i] += v * next;
        }
      if (square && fl == 0 && w->miss[k] >= 0 && !(t >> w->miss[k] & 1))
        b += gin[2 * (t | (size_t)1 << w->miss[k]) + 1];
      gout[2 * t + fl] = b;
    }
}

int myr_subset_solve(myr_subset *w, const myr_bigraph *g, size_t max_side, double *ratio)
{
  int small_src = g->ns <= g->nd;
  size_t r = small_src ? g->ns : g->nd, c = small_src ? g->nd : g->ns;
  if (max_side > MYR_SUBSET_MAX_SIDE)
    max_side = MYR_SUBSET_MAX_SIDE;
  if (r == 0 || r > max_side || (c + 1) * ((size_t)2 << r) > MAX_CELLS || !shape_ok(g))
    return 0;
  int square = r == c;
  size_t states = (size_t)1 << r, layer = 2 * states;
  GROW(w, w, c * r);
  GROW(w, miss, c);
  GROW(w, f, (c + 1) * layer);
  GROW(w, g, 2 * layer + c * r); /* two backward layers, then the counts */
  memset(w->w, 0, c * r * sizeof *w->w);
  for (size_t e = 0; e < g->ne; e++) {
    size_t i = small_src ? g->e_src[e] : g->e_dst[e], k = small_src ? g->e_dst[e] : g->e_src[e];
    w->w[k * r + i] = g->e_mult[e];
  }
  for (size_t k = 0; k < c; k++) {
    w->miss[k] = -1;
    for (size_t i = 0; i < r; i++)
      if (w->w[k * r + i] == 0)
        w->miss[k] = (int32_t)i;
  }
  memset(w->f, 0, layer * sizeof *w->f);
  w->f[0] = 1;
  for (size_t k = 0; k < c; k++)
    forward(w, r, square, k, w->f + k * layer, w->f + (k + 1) * layer);
  double *cnt = w->g + 2 * layer, *gin = w->g, *gout = w->g + layer;
  memset(cnt, 0, c * r * sizeof *cnt);
  memset(gin, 0, layer * sizeof *gin);
  gin[2 * (states - 1)] = gin[2 * (states - 1) + 1] = 1; /* every small-side host matched */
  for (size_t k = c; k-- > 0;) {
    backward(w, r, square, k, w->f + k * layer, gin, gout, cnt + k * r);
    double *tmp = gin;
    gin = gout;
    gout = tmp;
  }
  double n = gin[0]; /* from the empty state, no virtual pair yet */
  for (size_t e = 0; e < g->ne; e++) {
    size_t i = small_src ? g->e_src[e] : g->e_dst[e], k = small_src ? g->e_dst[e] : g->e_src[e];
    ratio[e] = n / cnt[k * r + i];
  }
  return 1;
}

void myr_subset_free(myr_subset *w)
{
  free(w->w);
  free(w->miss);
  free(w->f);
  free(w->g);
  *w = (myr_subset){0};
}
