/* Regional exact DP with belief-propagation fields (see myrinet_approx.h). */
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "myrinet_approx.h"
#include "myrinet_bp.h"
#include "myrinet_dp.h"
#include "workers.h"

/* Destinations with at most this many pairs get their fields summed
 * directly; above, from totals minus the region's pairs (O(region)). */
enum { DIRECT_MAX = 32 };

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

/* One thread's scratch for the regions: marks, the region being built
 * and its DP. Regions of different sources share nothing else, so any
 * thread can solve any source with the same result. */
typedef struct region_ws {
  myr_dp dp;
  uint32_t *src_mark, *dst_mark, *dst_local, epoch, region_mark;
  uint32_t *grow_mark, *grow_last; /* per destination, while a region grows */
  size_t *grow_open, *grow_tmp;    /* per step of the region */
  uint32_t *rs, *rd;               /* region sources, region destinations (global) */
  size_t *p_off;
  uint32_t *p_q, *order;
  double *p_w, *alpha_q, *beta_q, *sa_in, *pb_in, *r_ratio;
  size_t *zeros_in;
  unsigned long solve;             /* the solve its marks were cleared for */
  size_t src_mark_cap, dst_mark_cap, dst_local_cap, rs_cap, rd_cap;
  size_t p_off_cap, p_q_cap, order_cap, p_w_cap, alpha_q_cap, beta_q_cap, sa_in_cap, pb_in_cap, r_ratio_cap;
  size_t zeros_in_cap, grow_mark_cap, grow_last_cap, grow_open_cap, grow_tmp_cap;
} region_ws;

typedef struct myr_approx {
  myr_bp bp;
  double *sa_tot, *pb_nz; /* per destination: sum of a, product of the non-zero b */
  size_t *pb_zeros;       /* per destination: number of zero b */
  size_t sa_tot_cap, pb_nz_cap, pb_zeros_cap;
  cg_workers *pool;       /* NULL until a solve would share its regions over more than one thread */
  size_t pool_asked;      /* the threads asked when it was made ... */
  int pool_made;          /* ... if it was */
  region_ws *ws;          /* one per thread of the pool */
  size_t ws_cap;
  unsigned long solve;    /* solves so far */
  size_t parallel;        /* of which with the regions shared out */
  /* the solve in progress, for the threads */
  const myr_bigraph *g;
  const myr_options *opt;
  double *ratio;
} myr_approx;

/* Builds the DP input of the region rs[0..nrs): P = its sources in order,
 * Q = their destinations (first met first), fields from the outside. */
static void build_region(const myr_approx *a, region_ws *r, const myr_bigraph *g, size_t nrs, myr_dp_in *in)
{
  r->epoch++;
  size_t nrd = 0, slots = 0;
  for (size_t i = 0; i < nrs; i++)
    slots += g->s_off[r->rs[i] + 1] - g->s_off[r->rs[i]];
  GROW(r, p_off, nrs + 1);
  GROW(r, p_q, slots + 1);
  GROW(r, p_w, slots + 1);
  GROW(r, rd, slots + 1);
  GROW(r, sa_in, slots + 1);
  GROW(r, pb_in, slots + 1);
  GROW(r, zeros_in, slots + 1);
  size_t t = 0;
  for (size_t i = 0; i < nrs; i++) {
    size_t s = r->rs[i];
    r->p_off[i] = t;
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++) {
      size_t d = g->e_dst[e];
      if (r->dst_mark[d] != r->epoch) {
        r->dst_mark[d] = r->epoch;
        r->dst_local[d] = (uint32_t)nrd;
        r->rd[nrd] = (uint32_t)d;
        r->sa_in[nrd] = 0;
        r->pb_in[nrd] = 1;
        r->zeros_in[nrd] = 0;
        nrd++;
      }
      size_t q = r->dst_local[d];
      r->p_q[t] = (uint32_t)q;
      r->p_w[t] = g->e_mult[e];
      t++;
      /* this pair's message is inside: taken out of the totals below */
      r->sa_in[q] += a->bp.a_sd[e];
      if (a->bp.b_sd[e] == 0)
        r->zeros_in[q]++;
      else
        r->pb_in[q] *= a->bp.b_sd[e];
    }
  }
  r->p_off[nrs] = t;
  *in = (myr_dp_in){.np = nrs, .nq = nrd, .p_off = r->p_off, .p_q = r->p_q, .p_w = r->p_w};
  GROW(r, alpha_q, nrd + 1);
  GROW(r, beta_q, nrd + 1);
  for (size_t q = 0; q < nrd; q++) {
    size_t d = r->rd[q], deg = g->d_off[d + 1] - g->d_off[d];
    double alpha = 0, beta = 1;
    if (deg <= DIRECT_MAX) { /* sum the outside pairs themselves */
      for (size_t j = g->d_off[d]; j < g->d_off[d + 1]; j++) {
        size_t e = g->d_pairs[j];
        if (r->src_mark[g->e_src[e]] != r->region_mark) {
          alpha += a->bp.a_sd[e];
          beta *= a->bp.b_sd[e];
        }
      }
    } else { /* totals minus the inside pairs */
      alpha = a->sa_tot[d] - r->sa_in[q];
      if (alpha < 0)
        alpha = 0;
      beta = a->pb_zeros[d] > r->zeros_in[q] ? 0 : a->pb_nz[d] / r->pb_in[q];
    }
    r->alpha_q[q] = alpha;
    r->beta_q[q] = beta;
  }
  in->alpha_q = r->alpha_q;
  in->beta_q = r->beta_q;
}

/* Frontier bookkeeping while a region grows: a destination met at steps
 * first .. last of the region's order is open after steps first .. last-1,
 * so appending a source at step k keeps its shared destinations open over
 * last .. k-1. open[t] = frontier after step t. */
static int try_append(region_ws *r, const myr_bigraph *g, size_t y, size_t k, size_t limit)
{
  for (size_t t = 0; t < k; t++)
    r->grow_tmp[t] = r->grow_open[t];
  for (size_t e = g->s_off[y]; e < g->s_off[y + 1]; e++) {
    size_t d = g->e_dst[e];
    if (r->grow_mark[d] != r->region_mark)
      continue;
    for (size_t t = r->grow_last[d]; t < k; t++)
      if (++r->grow_tmp[t] > limit)
        return 0;
  }
  for (size_t t = 0; t < k; t++)
    r->grow_open[t] = r->grow_tmp[t];
  r->grow_open[k] = 0;
  for (size_t e = g->s_off[y]; e < g->s_off[y + 1]; e++) {
    size_t d = g->e_dst[e];
    r->grow_mark[d] = r->region_mark;
    r->grow_last[d] = (uint32_t)k;
  }
  return 1;
}

/* Region of source s: breadth first over sources through shared
 * destinations, stopping at the first source that would make the frontier
 * wider than the bound. Returns its number of sources. */
static size_t grow_region(region_ws *r, const myr_bigraph *g, size_t s, const myr_options *opt)
{
  uint32_t mark = ++r->epoch;
  r->region_mark = mark;
  size_t nrs = 0;
  try_append(r, g, s, 0, opt->region_width);
  r->rs[nrs++] = (uint32_t)s;
  r->src_mark[s] = mark;
  for (size_t head = 0; head < nrs && nrs < opt->region_sources; head++) {
    size_t x = r->rs[head];
    for (size_t e = g->s_off[x]; e < g->s_off[x + 1] && nrs < opt->region_sources; e++) {
      size_t d = g->e_dst[e];
      for (size_t j = g->d_off[d]; j < g->d_off[d + 1] && nrs < opt->region_sources; j++) {
        size_t y = g->e_src[g->d_pairs[j]];
        if (r->src_mark[y] == mark)
          continue;
        if (!try_append(r, g, y, nrs, opt->region_width))
          return nrs;
        r->src_mark[y] = mark;
        r->rs[nrs++] = (uint32_t)y;
      }
    }
  }
  return nrs;
}

/* Makes r's marks ready for a's current solve (cleared once per solve
 * and thread, sized for the component). */
static void prepare_ws(const myr_approx *a, region_ws *r)
{
  if (r->solve == a->solve)
    return;
  const myr_bigraph *g = a->g;
  GROW(r, dst_mark, g->nd + 1);
  GROW(r, dst_local, g->nd + 1);
  GROW(r, grow_mark, g->nd + 1);
  GROW(r, grow_last, g->nd + 1);
  GROW(r, grow_open, a->opt->region_sources + 1);
  GROW(r, grow_tmp, a->opt->region_sources + 1);
  GROW(r, src_mark, g->ns + 1);
  GROW(r, rs, g->ns + 1);
  GROW(r, order, g->ns + 1);
  memset(r->dst_mark, 0, g->nd * sizeof *r->dst_mark);
  memset(r->grow_mark, 0, g->nd * sizeof *r->grow_mark);
  memset(r->src_mark, 0, g->ns * sizeof *r->src_mark);
  r->epoch = 0;
  r->solve = a->solve;
}

/* The regions of sources begin .. end - 1, on thread `thread`'s scratch. */
static void solve_sources(void *ctx, size_t begin, size_t end, size_t thread)
{
  myr_approx *a = ctx;
  region_ws *r = &a->ws[thread];
  const myr_bigraph *g = a->g;
  prepare_ws(a, r);
  for (size_t s = begin; s < end; s++) {
    size_t nrs = grow_region(r, g, s, a->opt);
    myr_dp_in in;
    build_region(a, r, g, nrs, &in);
    for (size_t i = 0; i < nrs; i++)
      r->order[i] = (uint32_t)i;
    GROW(r, r_ratio, r->p_off[nrs] + 1);
    myr_dp_solve_first(&r->dp, &in, r->order, r->r_ratio);
    for (size_t e = g->s_off[s], t = 0; e < g->s_off[s + 1]; e++, t++)
      a->ratio[e] = r->r_ratio[t];
  }
}

/* The pool and one scratch per thread for the `asked` threads (0: one
 * per CPU). The pool starts at the first solve that would share its
 * regions (`shareable`): once a process has started a thread, glibc's malloc
 * and free take their locks and atomics for the rest of the run (about
 * twice the cost per call), a tax on all of SimGrid's allocations, so a
 * run whose components are never shared never starts one. It is made
 * again only when the request changes: the affinity mask is read once,
 * and a pool that cannot start leaves the regions on the caller without
 * retrying at every solve. */
static void ensure_threads(myr_approx *a, size_t asked, int shareable)
{
  if (a->pool_made && asked != a->pool_asked) {
    cg_workers_free(a->pool);
    a->pool = NULL;
    a->pool_made = 0;
  }
  if (!a->pool_made && shareable) {
    size_t threads = cg_workers_resolve(asked);
    a->pool = threads > 1 ? cg_workers_new(threads) : NULL;
    a->pool_asked = asked;
    a->pool_made = 1;
  }
  GROW(a, ws, cg_workers_threads(a->pool));
}

void myr_approx_solve(myr_approx **ap, const myr_bigraph *g, const myr_options *opt, double *ratio)
{
  if (!*ap)
    *ap = cg_xcalloc(1, sizeof **ap);
  myr_approx *a = *ap;
  /* regions of one source (the short approximation) cost less than
   * handing them to another thread */
  int shareable = g->ns >= MYR_APPROX_PARALLEL_MIN && !myr_bigraph_dense(g) && opt->region_sources > 1;
  ensure_threads(a, opt->threads, shareable);
  int share = shareable && a->pool;
  if (share) /* the workers wake up while BP runs */
    cg_workers_expect(a->pool);
  myr_bp_run(&a->bp, g, opt->bp_max_sweeps, 1, opt->bp_chaos_probe, opt->bp_cycle);
  GROW(a, sa_tot, g->nd + 1);
  GROW(a, pb_nz, g->nd + 1);
  GROW(a, pb_zeros, g->nd + 1);
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
  }
  a->solve++;
  a->g = g;
  a->opt = opt;
  a->ratio = ratio;
  if (!share) {
    solve_sources(a, 0, g->ns, 0);
  } else {
    cg_workers_run(a->pool, g->ns, 2, solve_sources, a);
    a->parallel++;
  }
  a->g = NULL;
  a->opt = NULL;
  a->ratio = NULL;
}

size_t myr_approx_parallel_solves(const myr_approx *a) { return a ? a->parallel : 0; }

size_t myr_approx_pool_threads(const myr_approx *a) { return a ? cg_workers_threads(a->pool) : 1; }

static void free_ws(region_ws *r)
{
  myr_dp_free(&r->dp);
  free(r->src_mark);
  free(r->dst_mark);
  free(r->dst_local);
  free(r->rs);
  free(r->rd);
  free(r->p_off);
  free(r->p_q);
  free(r->order);
  free(r->p_w);
  free(r->alpha_q);
  free(r->beta_q);
  free(r->sa_in);
  free(r->pb_in);
  free(r->r_ratio);
  free(r->zeros_in);
  free(r->grow_mark);
  free(r->grow_last);
  free(r->grow_open);
  free(r->grow_tmp);
}

void myr_approx_free(myr_approx *a)
{
  if (!a)
    return;
  cg_workers_free(a->pool);
  myr_bp_free(&a->bp);
  for (size_t t = 0; t < a->ws_cap; t++)
    free_ws(&a->ws[t]);
  free(a->ws);
  free(a->sa_tot);
  free(a->pb_nz);
  free(a->pb_zeros);
  free(a);
}
