/* Damped belief propagation and one-source closed form for large Myrinet
 * components (see myrinet_fast.h). */
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_fast.h"
#include "myrinet_sets.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

void myr_fast_solve(myr_fast *f, const myr_bigraph *g, size_t sweeps, double damping, double *ratio)
{
  myr_bp_run(&f->bp, g, sweeps, damping);
  const double *a = f->bp.a_sd, *b = f->bp.b_sd;
  GROW(f, sa, g->nd + 1);
  GROW(f, pb, g->nd + 1);
  GROW(f, zeros, g->nd + 1);
  for (size_t d = 0; d < g->nd; d++) {
    double sa = 0, pb = 1;
    size_t z = 0;
    for (size_t j = g->d_off[d]; j < g->d_off[d + 1]; j++) {
      size_t e = g->d_pairs[j];
      sa += a[e];
      if (b[e] == 0)
        z++;
      else
        pb *= b[e];
    }
    f->sa[d] = sa;
    f->pb[d] = pb;
    f->zeros[d] = z;
  }
  for (size_t s = 0; s < g->ns; s++) {
    double sum = 0, prod = 1;
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++) {
      size_t d = g->e_dst[e];
      /* fields of d without s's own message */
      double alpha = f->sa[d] - a[e], beta;
      if (alpha < 0)
        alpha = 0;
      if (b[e] == 0)
        beta = f->zeros[d] > 1 ? 0 : f->pb[d];
      else
        beta = f->zeros[d] > 0 ? 0 : f->pb[d] / b[e];
      double w = alpha + beta;
      if (!(w > 0)) /* no outside weight at all: d is s's alone */
        w = 1, alpha = 0;
      ratio[e] = w; /* times the sum below */
      sum += g->e_mult[e] / w;
      prod *= alpha / w;
    }
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++)
      ratio[e] *= sum + prod;
  }
}

void myr_fast_free(myr_fast *f)
{
  myr_bp_free(&f->bp);
  free(f->sa);
  free(f->pb);
  free(f->zeros);
  *f = (myr_fast){0};
}
