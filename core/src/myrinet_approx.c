/* Regional exact DP with belief-propagation fields (see myrinet_approx.h). */
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_approx.h"
#include "myrinet_bp.h"
#include "myrinet_dp.h"

/* Destinations with at most this many pairs get their fields summed
 * directly; above, from totals minus the region's pairs (O(region)). */
enum { DIRECT_MAX = 32 };

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

typedef struct myr_approx {
  myr_bp bp;
  myr_dp dp;
  double *sa_tot, *pb_nz; /* per destination: sum of a, product of the non-zero b */
  size_t *pb_zeros;       /* per destination: number of zero b */
  uint32_t *src_mark, *dst_mark, *dst_local, epoch, region_mark;
  uint32_t *grow_mark, *grow_last; /* per destination, while a region grows */
  size_t *grow_open, *grow_tmp;    /* per step of the region */
  uint32_t *rs, *rd;      /* region sources, region destinations (global) */
  size_t *p_off;
  uint32_t *p_q, *order;
  double *p_w, *alpha_q, *beta_q, *sa_in, *pb_in, *r_ratio;
  size_t *zeros_in;
  size_t sa_tot_cap, pb_nz_cap, pb_zeros_cap, src_mark_cap, dst_mark_cap, dst_local_cap, rs_cap, rd_cap;
  size_t p_off_cap, p_q_cap, order_cap, p_w_cap, alpha_q_cap, beta_q_cap, sa_in_cap, pb_in_cap, r_ratio_cap;
  size_t zeros_in_cap, grow_mark_cap, grow_last_cap, grow_open_cap, grow_tmp_cap;
} myr_approx;

/* Builds the DP input of the region rs[0..nrs): P = its sources in order,
 * Q = their destinations (first met first), fields from the outside. */
static void build_region(myr_approx *a, const myr_bigraph *g, size_t nrs, myr_dp_in *in)
{
  a->epoch++;
  size_t nrd = 0, slots = 0;
  for (size_t i = 0; i < nrs; i++)
    slots += g->s_off[a->rs[i] + 1] - g->s_off[a->rs[i]];
  GROW(a, p_off, nrs + 1);
  GROW(a, p_q, slots + 1);
  GROW(a, p_w, slots + 1);
  GROW(a, rd, slots + 1);
  GROW(a, sa_in, slots + 1);
  GROW(a, pb_in, slots + 1);
  GROW(a, zeros_in, slots + 1);
  size_t t = 0;
  for (size_t i = 0; i < nrs; i++) {
    size_t s = a->rs[i];
    a->p_off[i] = t;
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++) {
      size_t d = g->e_dst[e];
      if (a->dst_mark[d] != a->epoch) {
        a->dst_mark[d] = a->epoch;
        a->dst_local[d] = (uint32_t)nrd;
        a->rd[nrd] = (uint32_t)d;
        a->sa_in[nrd] = 0;
        a->pb_in[nrd] = 1;
        a->zeros_in[nrd] = 0;
        nrd++;
      }
      size_t q = a->dst_local[d];
      a->p_q[t] = (uint32_t)q;
      a->p_w[t] = g->e_mult[e];
      t++;
      /* this pair's message is inside: taken out of the totals below */
      a->sa_in[q] += a->bp.a_sd[e];
      if (a->bp.b_sd[e] == 0)
        a->zeros_in[q]++;
      else
        a->pb_in[q] *= a->bp.b_sd[e];
    }
  }
  a->p_off[nrs] = t;
  *in = (myr_dp_in){.np = nrs, .nq = nrd, .p_off = a->p_off, .p_q = a->p_q, .p_w = a->p_w};
  GROW(a, alpha_q, nrd + 1);
  GROW(a, beta_q, nrd + 1);
  for (size_t q = 0; q < nrd; q++) {
    size_t d = a->rd[q], deg = g->d_off[d + 1] - g->d_off[d];
    double alpha = 0, beta = 1;
    if (deg <= DIRECT_MAX) { /* sum the outside pairs themselves */
      for (size_t j = g->d_off[d]; j < g->d_off[d + 1]; j++) {
        size_t e = g->d_pairs[j];
        if (a->src_mark[g->e_src[e]] != a->region_mark) {
          alpha += a->bp.a_sd[e];
          beta *= a->bp.b_sd[e];
        }
      }
    } else { /* totals minus the inside pairs */
      alpha = a->sa_tot[d] - a->sa_in[q];
      if (alpha < 0)
        alpha = 0;
      beta = a->pb_zeros[d] > a->zeros_in[q] ? 0 : a->pb_nz[d] / a->pb_in[q];
    }
    a->alpha_q[q] = alpha;
    a->beta_q[q] = beta;
  }
  in->alpha_q = a->alpha_q;
  in->beta_q = a->beta_q;
}

/* Frontier bookkeeping while a region grows: a destination met at steps
 * first .. last of the region's order is open after steps first .. last-1,
 * so appending a source at step k keeps its shared destinations open over
 * last .. k-1. open[t] = frontier after step t. */
static int try_append(myr_approx *a, const myr_bigraph *g, size_t y, size_t k, size_t limit)
{
  for (size_t t = 0; t < k; t++)
    a->grow_tmp[t] = a->grow_open[t];
  for (size_t e = g->s_off[y]; e < g->s_off[y + 1]; e++) {
    size_t d = g->e_dst[e];
    if (a->grow_mark[d] != a->region_mark)
      continue;
    for (size_t t = a->grow_last[d]; t < k; t++)
      if (++a->grow_tmp[t] > limit)
        return 0;
  }
  for (size_t t = 0; t < k; t++)
    a->grow_open[t] = a->grow_tmp[t];
  a->grow_open[k] = 0;
  for (size_t e = g->s_off[y]; e < g->s_off[y + 1]; e++) {
    size_t d = g->e_dst[e];
    a->grow_mark[d] = a->region_mark;
    a->grow_last[d] = (uint32_t)k;
  }
  return 1;
}

/* Region of source s: breadth first over sources through shared
 * destinations, stopping at the first source that would make the frontier
 * wider than the bound. Returns its number of sources. */
static size_t grow_region(myr_approx *a, const myr_bigraph *g, size_t s, const myr_options *opt)
{
  uint32_t mark = ++a->epoch;
  a->region_mark = mark;
  size_t nrs = 0;
  try_append(a, g, s, 0, opt->region_width);
  a->rs[nrs++] = (uint32_t)s;
  a->src_mark[s] = mark;
  for (size_t head = 0; head < nrs && nrs < opt->region_sources; head++) {
    size_t x = a->rs[head];
    for (size_t e = g->s_off[x]; e < g->s_off[x + 1] && nrs < opt->region_sources; e++) {
      size_t d = g->e_dst[e];
      for (size_t j = g->d_off[d]; j < g->d_off[d + 1] && nrs < opt->region_sources; j++) {
        size_t y = g->e_src[g->d_pairs[j]];
        if (a->src_mark[y] == mark)
          continue;
        if (!try_append(a, g, y, nrs, opt->region_width))
          return nrs;
        a->src_mark[y] = mark;
        a->rs[nrs++] = (uint32_t)y;
      }
    }
  }
  return nrs;
}

void myr_approx_solve(myr_approx **ap, const myr_bigraph *g, const myr_options *opt, double *ratio)
{
  if (!*ap)
    *ap = cg_xcalloc(1, sizeof **ap);
  myr_approx *a = *ap;
  myr_bp_run(&a->bp, g, 100, 1, opt->bp_chaos_probe, opt->bp_cycle);
  GROW(a, sa_tot, g->nd + 1);
  GROW(a, pb_nz, g->nd + 1);
  GROW(a, pb_zeros, g->nd + 1);
  GROW(a, dst_mark, g->nd + 1);
  GROW(a, dst_local, g->nd + 1);
  GROW(a, grow_mark, g->nd + 1);
  GROW(a, grow_last, g->nd + 1);
  GROW(a, grow_open, opt->region_sources + 1);
  GROW(a, grow_tmp, opt->region_sources + 1);
  GROW(a, src_mark, g->ns + 1);
  GROW(a, rs, g->ns + 1);
  GROW(a, order, g->ns + 1);
  for (size_t d = 0; d < g->nd; d++) {
    double sa = 0, pb = 1;
    size_t z = 0;
    for (size_t j = g->d_off[d]; j < g->d_off[d + 1]; j++) {
      size_t e = g->d_pairs[j];
      sa += a->bp.a_sd[e];
      if (a->bp.b_sd[e] == 0)
        z++;
      else
        pb *= a->bp.b_sd[e];
    }
    a->sa_tot[d] = sa;
    a->pb_nz[d] = pb;
    a->pb_zeros[d] = z;
    a->dst_mark[d] = 0;
    a->grow_mark[d] = 0;
  }
  for (size_t s = 0; s < g->ns; s++)
    a->src_mark[s] = 0;
  a->epoch = 0;
  for (size_t s = 0; s < g->ns; s++) {
    size_t nrs = grow_region(a, g, s, opt);
    myr_dp_in in;
    build_region(a, g, nrs, &in);
    for (size_t i = 0; i < nrs; i++)
      a->order[i] = (uint32_t)i;
    GROW(a, r_ratio, a->p_off[nrs] + 1);
    myr_dp_solve_first(&a->dp, &in, a->order, a->r_ratio);
    for (size_t e = g->s_off[s], t = 0; e < g->s_off[s + 1]; e++, t++)
      ratio[e] = a->r_ratio[t];
  }
}

void myr_approx_free(myr_approx *a)
{
  if (!a)
    return;
  myr_bp_free(&a->bp);
  myr_dp_free(&a->dp);
  free(a->sa_tot);
  free(a->pb_nz);
  free(a->pb_zeros);
  free(a->src_mark);
  free(a->dst_mark);
  free(a->dst_local);
  free(a->rs);
  free(a->rd);
  free(a->p_off);
  free(a->p_q);
  free(a->order);
  free(a->p_w);
  free(a->alpha_q);
  free(a->beta_q);
  free(a->sa_in);
  free(a->pb_in);
  free(a->r_ratio);
  free(a->zeros_in);
  free(a->grow_mark);
  free(a->grow_last);
  free(a->grow_open);
  free(a->grow_tmp);
  free(a);
}
