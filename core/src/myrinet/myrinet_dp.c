/* Maximal matchings of a bipartite multigraph by dynamic programming over a
 * path decomposition (see myrinet_dp.h). Digits of a frontier state: free
 * 0, required 1, matched 2; state index = sum digit * 3^position. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "myrinet_dp.h"

enum { FREE = 0, REQUIRED = 1, MATCHED = 2 };

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

static const double SCALE_HI = 0x1p400, SCALE_LO = 0x1p-400;

/* 3^k (read from a table: the order and every step ask for it). */
static size_t pow3(size_t k)
{
  static const uint64_t P3[] = {
    1ull, 3ull, 9ull, 27ull, 81ull, 243ull, 729ull, 2187ull, 6561ull, 19683ull, 59049ull, 177147ull,
    531441ull, 1594323ull, 4782969ull, 14348907ull, 43046721ull, 129140163ull, 387420489ull, 1162261467ull,
    3486784401ull, 10460353203ull, 31381059609ull, 94143178827ull, 282429536481ull, 847288609443ull,
    2541865828329ull, 7625597484987ull, 22876792454961ull, 68630377364883ull, 205891132094649ull,
    617673396283947ull, 1853020188851841ull, 5559060566555523ull, 16677181699666569ull,
    50031545098999707ull, 150094635296999121ull, 450283905890997363ull, 1350851717672992089ull,
    4052555153018976267ull, 12157665459056928801ull};
  if (k < sizeof P3 / sizeof P3[0])
    return (size_t)P3[k];
  size_t r = (size_t)P3[sizeof P3 / sizeof P3[0] - 1];
  for (k -= sizeof P3 / sizeof P3[0] - 1; k--;)
    r *= 3;
  return r;
}

/* Degrees of the Q vertices and the Q -> P adjacency (P ascending). */
static void build_q_side(myr_dp *w, const myr_dp_in *in)
{
  size_t ns = in->p_off[in->np];
  GROW(w, q_deg, in->nq + 1);
  GROW(w, q_off, in->nq + 1);
  GROW(w, q_p, ns + 1);
  memset(w->q_deg, 0, in->nq * sizeof *w->q_deg);
  for (size_t s = 0; s < ns; s++)
    w->q_deg[in->p_q[s]]++;
  w->q_off[0] = 0;
  for (size_t q = 0; q < in->nq; q++)
    w->q_off[q + 1] = w->q_off[q] + w->q_deg[q];
  GROW(w, q_rem, in->nq + 1);
  for (size_t q = 0; q < in->nq; q++)
    w->q_rem[q] = w->q_off[q];
  for (size_t p = 0; p < in->np; p++)
    for (size_t s = in->p_off[p]; s < in->p_off[p + 1]; s++)
      w->q_p[w->q_rem[in->p_q[s]]++] = (uint32_t)p;
}

/* How processing p now would move the frontier, as a key compared in
 * order: first the change (new open Q minus closing Q), then, among equal
 * changes, the larger number of open Q neighbours p advances, then the
 * fewer unprocessed neighbours those have left. The ties matter: taking
 * the lowest index among equal changes wanders across the graph, while
 * advancing the open Q vertices closes them sooner; on the 3-D halo
 * exchange this narrows the frontier enough that a fifth of the
 * components BP + regions used to approximate are now solved exactly. */
typedef struct order_key {
  long change, advanced, left;
} order_key;

static order_key score(const myr_dp *w, const myr_dp_in *in, size_t p)
{
  order_key k = {0, 0, 0};
  for (size_t s = in->p_off[p]; s < in->p_off[p + 1]; s++) {
    size_t q = in->p_q[s];
    if (w->q_deg[q] < 2)
      continue;
    if (w->q_rem[q] == w->q_deg[q]) {
      k.change++; /* opens */
    } else {
      k.advanced++;
      k.left += (long)w->q_rem[q];
      if (w->q_rem[q] == 1)
        k.change--; /* closes */
    }
  }
  return k;
}

/* Whether key a (of vertex pa) comes before key b (of vertex pb). */
static int key_before(order_key a, size_t pa, order_key b, size_t pb)
{
  if (a.change != b.change)
    return a.change < b.change;
  if (a.advanced != b.advanced)
    return a.advanced > b.advanced;
  if (a.left != b.left)
    return a.left < b.left;
  return pa < pb;
}

/* Processes p in the order simulation; returns the new frontier size. */
static size_t take(myr_dp *w, const myr_dp_in *in, size_t p, size_t open, size_t *ncand)
{
  w->p_done[p] = 1;
  for (size_t s = in->p_off[p]; s < in->p_off[p + 1]; s++) {
    size_t q = in->p_q[s];
    if (w->q_deg[q] < 2)
      continue;
    if (w->q_rem[q] == w->q_deg[q]) {
      open++;
      if (ncand)
        for (size_t t = w->q_off[q]; t < w->q_off[q + 1]; t++) {
          size_t x = w->q_p[t];
          if (!w->p_done[x] && !w->in_cand[x]) {
            w->in_cand[x] = 1;
            w->cand[(*ncand)++] = x;
          }
        }
    }
    if (--w->q_rem[q] == 0)
      open--;
  }
  return open;
}

static void order_init(myr_dp *w, const myr_dp_in *in)
{
  build_q_side(w, in);
  for (size_t q = 0; q < in->nq; q++)
    w->q_rem[q] = w->q_deg[q];
  GROW(w, p_done, in->np + 1);
  GROW(w, in_cand, in->np + 1);
  GROW(w, cand, in->np + 1);
  memset(w->p_done, 0, in->np);
  memset(w->in_cand, 0, in->np);
}

size_t myr_dp_order(myr_dp *w, const myr_dp_in *in, uint32_t *order, size_t limit, size_t max_states)
{
  order_init(w, in);
  size_t open = 0, width = 0, ncand = 0, states = 1;
  for (size_t k = 0; k < in->np; k++) {
    size_t best = SIZE_MAX;
    order_key best_key = {0, 0, 0};
    size_t keep = 0;
    for (size_t i = 0; i < ncand; i++) {
      size_t p = w->cand[i];
      if (w->p_done[p])
        continue;
      w->cand[keep++] = p;
      order_key key = score(w, in, p);
      if (best == SIZE_MAX || key_before(key, p, best_key, best)) {
        best = p;
        best_key = key;
      }
    }
    ncand = keep;
    if (best == SIZE_MAX) { /* start (or a new part): smallest degree first */
      for (size_t p = 0; p < in->np; p++)
        if (!w->p_done[p] && (best == SIZE_MAX || in->p_off[p + 1] - in->p_off[p] < in->p_off[best + 1] - in->p_off[best]))
          best = p;
    }
    order[k] = (uint32_t)best;
    open = take(w, in, best, open, &ncand);
    if (open > width)
      width = open;
    if (width > limit)
      return width;
    states += pow3(open);
    if (states > max_states)
      return limit + 1;
  }
  return width;
}

/* ---- step descriptors ---- */

/* Closing weights of a Q vertex, divided by that of closing free (matched
 * outside or unmatched: alpha + beta), which is thus 1: closing required
 * (must be matched outside) alpha / (alpha + beta), closing matched inside
 * 1 / (alpha + beta). The common factor cancels in every ratio, and
 * products over many vertices stay finite. Without fields: 0 and 1. */
static double close_required(const myr_dp_in *in, size_t q)
{
  return in->alpha_q ? in->alpha_q[q] / (in->alpha_q[q] + in->beta_q[q]) : 0;
}

static double close_matched(const myr_dp_in *in, size_t q)
{
  return in->alpha_q ? 1 / (in->alpha_q[q] + in->beta_q[q]) : 1;
}

/* Builds the per-step tables for `order`: frontier sizes, the non-private
 * neighbours with their frontier positions, the private ones, and where
 * every frontier position goes after the step. */
static void build_steps(myr_dp *w, const myr_dp_in *in, const uint32_t *order)
{
  size_t np = in->np, nslots = in->p_off[np];
  build_q_side(w, in);
  for (size_t q = 0; q < in->nq; q++)
    w->q_rem[q] = w->q_deg[q];
  GROW(w, q_pos, in->nq + 1);
  for (size_t q = 0; q < in->nq; q++)
    w->q_pos[q] = -1;
  GROW(w, st_a, np + 1);
  GROW(w, st_nb, np + 1);
  GROW(w, st_np, np + 1);
  GROW(w, st_pv, np + 1);
  GROW(w, st_wr, np + 1);
  GROW(w, st_kbase, np + 1);
  GROW(w, nb_ext, nslots + 1);
  GROW(w, nb_new, nslots + 1);
  GROW(w, nb_slot, nslots + 1);
  GROW(w, nb_w, nslots + 1);
  GROW(w, nb_cr, nslots + 1);
  GROW(w, nb_cm, nslots + 1);
  GROW(w, pv_slot, nslots + 1);
  GROW(w, front, in->nq + 1);
  size_t a = 0, nnb = 0, npv = 0, nnew = 0;
  w->st_a[0] = 0;
  for (size_t k = 0; k < np; k++) {
    size_t p = order[k], ext = a;
    w->st_nb[k] = nnb;
    w->st_pv[k] = npv;
    w->st_np[k] = nnew;
    double wr = 1, kb = in->alpha_p ? in->alpha_p[p] : 0;
    for (size_t s = in->p_off[p]; s < in->p_off[p + 1]; s++) {
      size_t q = in->p_q[s];
      double cr = close_required(in, q), cm = close_matched(in, q);
      if (w->q_deg[q] < 2) { /* private: summed over here */
        w->pv_slot[npv++] = s;
        wr *= cr;
        kb += in->p_w[s] * cm;
        continue;
      }
      if (w->q_pos[q] < 0) {
        w->q_pos[q] = (int32_t)ext;
        w->front[ext++] = (uint32_t)q;
      }
      w->nb_ext[nnb] = w->q_pos[q];
      w->nb_slot[nnb] = s;
      w->nb_w[nnb] = in->p_w[s];
      w->nb_cr[nnb] = cr;
      w->nb_cm[nnb] = cm;
      nnb++;
      w->q_rem[q]--;
    }
    w->st_wr[k] = wr;
    w->st_kbase[k] = kb;
    /* New positions: closing vertices leave the frontier, order kept. */
    GROW(w, newpos, nnew + ext + 1);
    size_t na = 0;
    for (size_t t = 0; t < ext; t++) {
      size_t q = w->front[t];
      if (w->q_rem[q] == 0) {
        w->newpos[nnew + t] = -1;
        w->q_pos[q] = -1;
      } else {
        w->newpos[nnew + t] = (int32_t)na;
        w->q_pos[q] = (int32_t)na;
        w->front[na++] = (uint32_t)q;
      }
    }
    for (size_t t = w->st_nb[k]; t < nnb; t++)
      w->nb_new[t] = w->newpos[nnew + (size_t)w->nb_ext[t]];
    nnew += ext;
    a = na;
    w->st_a[k + 1] = a;
  }
  w->st_nb[np] = nnb;
  w->st_pv[np] = npv;
  w->st_np[np] = nnew;
}

/* Keeps a layer's largest value within 2^-400 .. 2^400 (exact powers of
 * two: ratios computed from the same layers are unchanged). */
static double scale_factor(double mx)
{
  double f = 1;
  while (mx * f > SCALE_HI)
    f *= SCALE_LO;
  while (mx > 0 && mx * f < SCALE_LO)
    f *= SCALE_HI;
  return f;
}

static void rescale_max(double *v, size_t n, double mx)
{
  double f = scale_factor(mx);
  if (f != 1)
    for (size_t i = 0; i < n; i++)
      v[i] *= f;
}

/* One option of a state: next state, weight per comm of its pair, slot
 * (or SIZE_MAX for the unmatched / outside / private group). */
typedef struct myr_dp_opt {
  size_t next;
  double w, wpc;
  size_t slot;
} opt;

/* Enumerates the options of the state with digits dig[] at step k (P
 * vertex p) into o and returns their number; *cn_out = weight of the
 * closing vertices when p is matched away from them. */
static size_t options(const myr_dp *w, const myr_dp_in *in, size_t k, size_t p, const uint8_t *dig,
                      size_t base, const size_t *p3, opt *o, double *cn_out)
{
  size_t nb0 = w->st_nb[k], nb1 = w->st_nb[k + 1], n = 0, nc = 0, du = 0;
  double cu = 1, cl[2 * MYR_DP_MAX_WIDTH + 2], pre[2 * MYR_DP_MAX_WIDTH + 3];
  /* Closing vertices (all are neighbours of p): weight of their state,
   * and of their state once p is unmatched (free -> required). */
  for (size_t t = nb0; t < nb1; t++) {
    int d = dig[w->nb_ext[t]];
    if (w->nb_new[t] < 0) {
      cl[nc++] = d == MATCHED ? w->nb_cm[t] : d == FREE ? 1 : w->nb_cr[t];
      cu *= d == MATCHED ? w->nb_cm[t] : w->nb_cr[t];
    } else if (d == FREE) {
      du += p3[w->nb_new[t]];
    }
  }
  pre[0] = 1;
  for (size_t j = 0; j < nc; j++)
    pre[j + 1] = pre[j] * cl[j];
  double cn = pre[nc];
  double beta = in->beta_p ? in->beta_p[p] : 1;
  double wu = beta * w->st_wr[k] * cu;
  if (wu != 0)
    o[n++] = (opt){base + du, wu, 0, SIZE_MAX};
  double wb = w->st_kbase[k] * cn;
  if (wb != 0)
    o[n++] = (opt){base, wb, 0, SIZE_MAX};
  double suf = 1;
  /* Walk backwards so that suf = product of the closing weights after j. */
  size_t j = nc;
  for (size_t t = nb1; t-- > nb0;) {
    int d = dig[w->nb_ext[t]];
    int closing = w->nb_new[t] < 0;
    if (closing)
      j--;
    if (d != MATCHED) {
      double pc;
      size_t next = base;
      if (closing) {
        pc = pre[j] * suf * w->nb_cm[t]; /* the others' weights; this one closes matched */
      } else {
        pc = cn;
        next = base + (size_t)(MATCHED - d) * p3[w->nb_new[t]];
      }
      if (pc != 0)
        o[n++] = (opt){next, w->nb_w[t] * pc, pc, w->nb_slot[t]};
    }
    if (closing)
      suf *= cl[j];
  }
  *cn_out = cn;
  return n;
}

/* ---- option tables ---- */

/* Options of a state depend only on the digits of the step's neighbours
 * already on the frontier (the new ones are free), its next states being
 * shifted by the state's base: step k's options are tabulated once per
 * combination of those digits (at most 3^TABLE_MAX), and each state looks
 * its combination up. Same operations in the same order: bit-identical. */
enum { TABLE_MAX = 6 };
/* The full solve keeps its forward pass's tables for the backward pass
 * while they hold at most this many options in all (32 bytes each). */
enum { KEEP_OPTIONS = 1 << 17 };
#define NO_TABLE SIZE_MAX

/* Tabulates step k (P vertex p) if it has at most TABLE_MAX old
 * neighbours, not all of the frontier, at w->tab_used (combinations from
 * tab_off[c0], c0 = w->tab_used[0], options from tab_o[w->tab_used[1]]);
 * sets cmul[pos] = weight of frontier position pos in the combination
 * index (0 if pos is not a neighbour). Returns c0, or NO_TABLE if the step
 * is not tabulated; *used gets the combinations' and the options' counts
 * (to keep the table, the caller moves w->tab_used past them). */
static size_t build_table(myr_dp *w, const myr_dp_in *in, size_t k, size_t p, const size_t *p3, size_t *cmul,
                          size_t used[2])
{
  size_t a = w->st_a[k], nb0 = w->st_nb[k], nb1 = w->st_nb[k + 1], m = 0;
  size_t pos[2 * MYR_DP_MAX_WIDTH + 2];
  used[0] = used[1] = 0;
  for (size_t t = 0; t < a; t++)
    cmul[t] = 0;
  if (w->no_tables)
    return NO_TABLE;
  for (size_t t = nb0; t < nb1; t++)
    if ((size_t)w->nb_ext[t] < a) {
      if (m == TABLE_MAX || m + 1 == a)
        return NO_TABLE; /* too many combinations, or not fewer than states / 3 */
      cmul[w->nb_ext[t]] = p3[m];
      pos[m++] = (size_t)w->nb_ext[t];
    }
  size_t nc = p3[m], per = nb1 - nb0 + 2, c0 = w->tab_used[0], o0 = w->tab_used[1], n = o0;
  GROW(w, tab_o, o0 + nc * per + 1);
  GROW(w, tab_off, c0 + nc + 1);
  GROW(w, tab_cn, c0 + nc + 1);
  uint8_t dig[64] = {0};
  for (size_t c = 0; c < nc; c++) {
    for (size_t j = 0, r = c; j < m; j++, r /= 3)
      dig[pos[j]] = (uint8_t)(r % 3);
    w->tab_off[c0 + c] = n;
    n += options(w, in, k, p, dig, 0, p3, w->tab_o + n, &w->tab_cn[c0 + c]);
  }
  w->tab_off[c0 + nc] = n;
  w->tabled_steps++;
  used[0] = nc + 1;
  used[1] = n - o0;
  return c0;
}

/* The options of the state with digits dig[] (combination index combo),
 * next states relative to its base: from the step's table (from
 * tab_off[tab0]) if it has one, else into scratch. */
static size_t state_options(const myr_dp *w, const myr_dp_in *in, size_t k, size_t p, const uint8_t *dig,
                            const size_t *p3, size_t tab0, size_t combo, opt *scratch, const opt **o, double *cn)
{
  if (tab0 != NO_TABLE) {
    size_t c = tab0 + combo;
    *o = w->tab_o + w->tab_off[c];
    *cn = w->tab_cn[c];
    return w->tab_off[c + 1] - w->tab_off[c];
  }
  *o = scratch;
  return options(w, in, k, p, dig, 0, p3, scratch, cn);
}

/* Iterates over the states of layer k (before step k) with an odometer;
 * for each, base = index of the same digits after the step and combo =
 * its combination index (see build_table). */
#define FOR_STATES(w, k, p3, cmul, dig, i, base, combo)                                                  \
  for (size_t a_ = (w)->st_a[k], n_ = pow3(a_), i = 0, base = 0, combo = 0,                            \
              inc0_ = first_inc((w), (k), (p3), a_);                                                    \
       i < n_; i++, base = a_ && dig[0] < 2 ? (dig[0]++, combo += cmul[0], base + inc0_)              \
                                           : next_base((w), (k), (p3), (cmul), (dig), a_, base, &combo))

/* Base increment of the odometer's fastest digit (its common case). */
static size_t first_inc(const myr_dp *w, size_t k, const size_t *p3, size_t a)
{
  int32_t np0 = a ? w->newpos[w->st_np[k]] : -1;
  return np0 >= 0 ? p3[np0] : 0;
}

static size_t next_base(const myr_dp *w, size_t k, const size_t *p3, const size_t *cmul, uint8_t *dig, size_t a,
                        size_t base, size_t *combo)
{
  const int32_t *np = w->newpos + w->st_np[k];
  for (size_t t = 0; t < a; t++) {
    if (dig[t] < 2) {
      dig[t]++;
      *combo += cmul[t];
      if (np[t] >= 0)
        base += p3[np[t]];
      return base;
    }
    dig[t] = 0;
    *combo -= 2 * cmul[t];
    if (np[t] >= 0)
      base -= 2 * p3[np[t]];
  }
  return base;
}

/* What a backward pass accumulates over a layer's states (see
 * backward_state). */
typedef struct bwd_acc {
  double nsum, spriv, mx;
} bwd_acc;

/* B of one state of layer k (digits dig, base and combination index as in
 * FOR_STATES) from B_{k+1} = bn; with counts, also adds f (its F) times
 * its share to N, to the counts of step k's slots and to the private sum.
 * Shared by the dense and the sparse passes: same operations in the same
 * order. */
static inline double backward_state(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t k, const uint8_t *dig,
                                    const size_t *p3, size_t tab0, size_t combo, size_t base, double f, int counts,
                                    const double *bn, opt *scratch, bwd_acc *acc)
{
  double cn;
  const opt *o;
  size_t n = state_options(w, in, k, order[k], dig, p3, tab0, combo, scratch, &o, &cn);
  double v = 0;
  for (size_t j = 0; j < n; j++)
    v += o[j].w * bn[base + o[j].next];
  if (v > acc->mx) /* rescale's maximum, found on the way */
    acc->mx = v;
  if (counts) {
    acc->nsum += f * v;
    for (size_t j = 0; j < n; j++)
      if (o[j].slot != SIZE_MAX)
        w->cnt[o[j].slot] += f * o[j].wpc * bn[base + o[j].next];
    acc->spriv += f * cn * bn[base];
  }
  return v;
}

static void counts_begin(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t k)
{
  for (size_t s = in->p_off[order[k]]; s < in->p_off[order[k] + 1]; s++)
    w->cnt[s] = 0;
}

/* Step k's ratios N / count from what a backward pass accumulated. */
static void counts_end(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t k, const bwd_acc *acc,
                       double *ratio)
{
  for (size_t t = w->st_pv[k]; t < w->st_pv[k + 1]; t++) {
    size_t s = w->pv_slot[t];
    w->cnt[s] = acc->spriv * close_matched(in, in->p_q[s]);
  }
  for (size_t s = in->p_off[order[k]]; s < in->p_off[order[k] + 1]; s++)
    ratio[s] = w->cnt[s] > 0 ? acc->nsum / w->cnt[s] : HUGE_VAL;
}

/* B_k from B_{k+1} over every state of layer k (the regions' single
 * pass, which has no forward pass to tell the reached states); with
 * counts (k = 0, whose one state has F = 1), step 0's ratios. */
static void backward_step(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t k, const size_t *p3,
                          int counts, const double *bn, double *b, opt *scratch, double *ratio)
{
  uint8_t dig[64] = {0};
  size_t cmul[MYR_DP_MAX_WIDTH + 1], used[2];
  w->tab_used[0] = w->tab_used[1] = 0; /* a single pass: nothing to keep */
  size_t tab0 = build_table(w, in, k, order[k], p3, cmul, used);
  bwd_acc acc = {0, 0, 0};
  if (counts)
    counts_begin(w, in, order, k);
  FOR_STATES(w, k, p3, cmul, dig, i, base, combo)
  b[i] = backward_state(w, in, order, k, dig, p3, tab0, combo, base, 1, counts, bn, scratch, &acc);
  if (counts)
    counts_end(w, in, order, k, &acc, ratio);
  rescale_max(b, pow3(w->st_a[k]), acc.mx);
}

/* ---- sparse full solve ---- */

/* Decoding a state index of layer k into its digits, its base after the
 * step and its combination index (what FOR_STATES's odometer holds at
 * that index). A layer with many reached states decodes 4 digits (81
 * values) at a time through per-step tables: one division by 81 and three
 * table reads per chunk instead of a division by 3 per digit; a layer
 * with fewer, 2 digits (9 values) at a time, whose tables cost little. */
enum { CHUNK = 4, CHUNK_VALUES = 81, PAIR = 2, PAIR_VALUES = 9 };

/* Builds the chunk tables of layer k, chunks of `width` digits (`values`
 * = 3^width), each entry's digits in CHUNK bytes (zeros after them). The
 * entries are listed by an odometer over the chunk's digits, each digit
 * adding its share of the base and of the combination index (none beyond
 * the layer's digits, which an index below 3^a never has). */
static void build_chunks(myr_dp *w, size_t k, const size_t *p3, const size_t *cmul, size_t nch, size_t width,
                         size_t values)
{
  size_t a = w->st_a[k];
  GROW(w, dc_dig, nch * values * CHUNK);
  GROW(w, dc_add, 2 * nch * values);
  const int32_t *np = w->newpos + w->st_np[k];
  for (size_t ch = 0; ch < nch; ch++) {
    size_t db[CHUNK] = {0}, dc[CHUNK] = {0}, b = 0, c = 0;
    uint8_t d[CHUNK] = {0};
    for (size_t j = 0; j < width; j++) {
      size_t t = ch * width + j;
      if (t < a) {
        dc[j] = cmul[t];
        db[j] = np[t] >= 0 ? p3[np[t]] : 0;
      }
    }
    for (size_t v = 0; v < values; v++) {
      size_t e = ch * values + v;
      memcpy(w->dc_dig + e * CHUNK, d, CHUNK);
      w->dc_add[2 * e] = b;
      w->dc_add[2 * e + 1] = c;
      for (size_t j = 0; j < width; j++) {
        if (d[j] < 2) {
          d[j]++;
          b += db[j];
          c += dc[j];
          break;
        }
        d[j] = 0;
        b -= 2 * db[j];
        c -= 2 * dc[j];
      }
    }
  }
}

/* Builds the decoding tables of layer k that its `states` reached states
 * repay: 4-digit chunks from 64 states per chunk, else 2-digit ones from
 * 16 states (where they cost less than the divisions they save). Returns
 * the number of chunks (0: none, digit by digit) and sets w->dc_width. */
static size_t build_decoder(myr_dp *w, size_t k, const size_t *p3, const size_t *cmul, size_t states)
{
  size_t a = w->st_a[k], nch = (a + CHUNK - 1) / CHUNK, npair = (a + PAIR - 1) / PAIR;
  w->dc_width = 0;
  if (w->no_decoder)
    return 0;
  if (nch > 0 && states >= 64 * nch) {
    build_chunks(w, k, p3, cmul, nch, CHUNK, CHUNK_VALUES);
    w->dc_width = CHUNK;
    w->decoded_layers[0]++;
    return nch;
  }
  if (npair > 0 && states >= 16) {
    build_chunks(w, k, p3, cmul, npair, PAIR, PAIR_VALUES);
    w->dc_width = PAIR;
    w->decoded_layers[1]++;
    return npair;
  }
  return 0;
}

/* The digits of index i through chunk tables of `width` digits (`values`
 * = 3^width), adding each chunk's base and combination shares to *b, *c.
 * A chunk's copy of CHUNK bytes puts zeros past a narrower chunk's digits,
 * which the next chunk overwrites. */
static inline void decode_chunks(const myr_dp *w, size_t nch, size_t i, size_t width, size_t values, uint8_t *dig,
                                 size_t *b, size_t *c)
{
  for (size_t ch = 0; ch < nch; ch++, i /= values) {
    size_t e = ch * values + i % values;
    memcpy(dig + ch * width, w->dc_dig + e * CHUNK, CHUNK);
    *b += w->dc_add[2 * e];
    *c += w->dc_add[2 * e + 1];
  }
}

/* Always inline (as when it had one kind of table): called once per
 * reached state, and its two decode_chunks calls need constant widths so
 * that each division is by a constant. */
static inline __attribute__((always_inline)) void decode(const myr_dp *w, size_t k, size_t nch, size_t i,
                                                         const size_t *p3, const size_t *cmul, uint8_t *dig,
                                                         size_t *base, size_t *combo)
{
  size_t b = 0, c = 0;
  if (nch && w->dc_width == CHUNK) {
    decode_chunks(w, nch, i, CHUNK, CHUNK_VALUES, dig, &b, &c);
  } else if (nch) {
    decode_chunks(w, nch, i, PAIR, PAIR_VALUES, dig, &b, &c);
  } else {
    const int32_t *np = w->newpos + w->st_np[k];
    for (size_t t = 0, a = w->st_a[k]; t < a; t++, i /= 3) {
      size_t d = i % 3;
      dig[t] = (uint8_t)d;
      c += d * cmul[t];
      if (np[t] >= 0)
        b += d * p3[np[t]];
    }
  }
  *base = b;
  *combo = c;
}

/* Sparse forward step: the reached states of layer k (indices ascending,
 * F values) scatter into layer k + 1, whose reached states (F != 0) are
 * appended in ascending order through a bitmap of the touched indices.
 * Visiting states in index order, the additions into each next state come
 * in the order a dense pass over all states would make them. */
static void sparse_forward(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t k, const size_t *p3,
                           opt *scratch)
{
  uint8_t dig[64] = {0};
  size_t cmul[MYR_DP_MAX_WIDTH + 1], used[2];
  size_t tab0 = build_table(w, in, k, order[k], p3, cmul, used);
  /* kept for the backward pass within the budget */
  size_t keep = w->keep_options ? w->keep_options : KEEP_OPTIONS;
  w->st_tab0[k] = tab0 != NO_TABLE && w->tab_used[1] + used[1] <= keep ? tab0 : NO_TABLE;
  if (w->st_tab0[k] != NO_TABLE) {
    w->tab_used[0] += used[0];
    w->tab_used[1] += used[1];
  }
  double *acc = w->sp_acc;
  uint64_t *mark = w->sp_mark;
  size_t nch = build_decoder(w, k, p3, cmul, w->st_soff[k + 1] - w->st_soff[k]);
  GROW(w, sp_base, w->st_soff[k + 1]);
  GROW(w, sp_combo, w->st_soff[k + 1]);
  for (size_t j = w->st_soff[k]; j < w->st_soff[k + 1]; j++) {
    size_t base, combo;
    decode(w, k, nch, w->sp_idx[j], p3, cmul, dig, &base, &combo);
    w->sp_base[j] = (uint32_t)base; /* for the backward pass (sparse_backward) */
    w->sp_combo[j] = (uint32_t)combo;
    double f = w->sp_val[j], cn;
    const opt *o;
    size_t n = state_options(w, in, k, order[k], dig, p3, tab0, combo, scratch, &o, &cn);
    for (size_t t = 0; t < n; t++) {
      size_t x = base + o[t].next;
      acc[x] += f * o[t].w;
      mark[x >> 6] |= (uint64_t)1 << (x & 63);
    }
  }
  size_t words = (pow3(w->st_a[k + 1]) + 63) / 64, out = w->st_soff[k + 1], touched = 0;
  for (size_t q = 0; q < words; q++)
    touched += (size_t)__builtin_popcountll(mark[q]);
  GROW(w, sp_idx, out + touched);
  GROW(w, sp_val, out + touched);
  double mx = 0;
  for (size_t q = 0; q < words; q++) {
    for (uint64_t m = mark[q]; m; m &= m - 1) {
      size_t x = q * 64 + (size_t)__builtin_ctzll(m);
      if (acc[x] != 0) {
        w->sp_idx[out] = (uint32_t)x;
        w->sp_val[out++] = acc[x];
        if (acc[x] > mx)
          mx = acc[x];
      }
      acc[x] = 0;
    }
    mark[q] = 0;
  }
  w->st_soff[k + 2] = out;
  rescale_max(w->sp_val + w->st_soff[k + 1], out - w->st_soff[k + 1], mx);
}

/* Sparse backward step over layer k's reached states: B_k into b (dense,
 * zero elsewhere) from bn, and step k's counts. `stored`: the forward pass
 * ran step k and kept each state's base and combination index, which are
 * all a tabulated step needs (no digits to decode), and maybe its table
 * (w->st_tab0[k]). */
static void sparse_backward(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t k, const size_t *p3,
                            int stored, const double *bn, double *b, opt *scratch, double *ratio)
{
  uint8_t dig[64] = {0};
  size_t cmul[MYR_DP_MAX_WIDTH + 1], used[2];
  size_t tab0 = stored ? w->st_tab0[k] : NO_TABLE;
  if (tab0 == NO_TABLE) /* after the kept tables, without keeping it */
    tab0 = build_table(w, in, k, order[k], p3, cmul, used);
  bwd_acc acc = {0, 0, 0};
  counts_begin(w, in, order, k);
  size_t j0 = w->st_soff[k], j1 = w->st_soff[k + 1];
  if (tab0 != NO_TABLE && stored) {
    for (size_t j = j0; j < j1; j++)
      b[w->sp_idx[j]] = backward_state(w, in, order, k, dig, p3, tab0, w->sp_combo[j], w->sp_base[j], w->sp_val[j], 1,
                                       bn, scratch, &acc);
  } else {
    size_t nch = build_decoder(w, k, p3, cmul, j1 - j0);
    for (size_t j = j0; j < j1; j++) {
      size_t base, combo, i = w->sp_idx[j];
      decode(w, k, nch, i, p3, cmul, dig, &base, &combo);
      b[i] = backward_state(w, in, order, k, dig, p3, tab0, combo, base, w->sp_val[j], 1, bn, scratch, &acc);
    }
  }
  counts_end(w, in, order, k, &acc, ratio);
  double fct = scale_factor(acc.mx); /* rescale_max over the reached entries (the others are 0) */
  if (fct != 1)
    for (size_t j = j0; j < j1; j++)
      b[w->sp_idx[j]] *= fct;
}

static size_t max_degree(const myr_dp_in *in)
{
  size_t maxdeg = 0;
  for (size_t p = 0; p < in->np; p++)
    if (in->p_off[p + 1] - in->p_off[p] > maxdeg)
      maxdeg = in->p_off[p + 1] - in->p_off[p];
  return maxdeg;
}

/* The widest layer of the steps built for np P vertices. */
static size_t max_frontier(const myr_dp *w, size_t np)
{
  size_t amax = 0;
  for (size_t k = 0; k <= np; k++)
    if (w->st_a[k] > amax)
      amax = w->st_a[k];
  return amax;
}

/* What both solves set up: the steps of `order`, the powers of 3, the
 * count slots; returns the scratch of one state's options (w's, kept
 * across solves: a region solve is too short to allocate it each time). */
static opt *solve_setup(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t *p3)
{
  build_steps(w, in, order);
  for (size_t i = 0; i < MYR_DP_MAX_WIDTH + 2; i++)
    p3[i] = pow3(i);
  GROW(w, cnt, in->p_off[in->np] + 1);
  GROW(w, scratch, max_degree(in) + 3);
  return w->scratch;
}

int myr_dp_solve(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t max_reached, double *ratio)
{
  size_t np = in->np;
  if (np == 0)
    return 1;
  size_t p3[MYR_DP_MAX_WIDTH + 2];
  opt *o = solve_setup(w, in, order, p3);
  /* Dense work arrays, all zero between calls (cg_grow zeroes new space). */
  size_t dense = pow3(max_frontier(w, np));
  GROW(w, sp_acc, dense);
  GROW(w, sp_mark, (dense + 63) / 64);
  GROW(w, sp_b0, dense);
  GROW(w, sp_b1, dense);
  GROW(w, st_soff, np + 2);
  GROW(w, st_tab0, np + 1);
  w->tab_used[0] = w->tab_used[1] = 0;
  GROW(w, sp_idx, 1);
  GROW(w, sp_val, 1);
  w->st_soff[0] = 0;
  w->st_soff[1] = 1;
  w->sp_idx[0] = 0;
  w->sp_val[0] = 1;
  int ok = 1;
  for (size_t k = 0; k + 1 < np && ok; k++) {
    sparse_forward(w, in, order, k, p3, o);
    ok = w->st_soff[k + 2] <= max_reached;
  }
  if (ok) {
    double *bn = w->sp_b0, *b = w->sp_b1;
    bn[0] = 1; /* after the last step every Q vertex is closed */
    for (size_t k = np; k-- > 0;) {
      sparse_backward(w, in, order, k, p3, k + 1 < np, bn, b, o, ratio);
      if (k + 1 < np) /* back to zero: layer k + 1's entries */
        for (size_t j = w->st_soff[k + 1]; j < w->st_soff[k + 2]; j++)
          bn[w->sp_idx[j]] = 0;
      else
        bn[0] = 0;
      double *t = bn;
      bn = b;
      b = t;
    }
    for (size_t j = w->st_soff[0]; j < w->st_soff[1]; j++) /* layer 0's */
      bn[w->sp_idx[j]] = 0;
  }
  return ok;
}

void myr_dp_solve_first(myr_dp *w, const myr_dp_in *in, const uint32_t *order, double *ratio)
{
  size_t np = in->np;
  if (np == 0)
    return;
  size_t p3[MYR_DP_MAX_WIDTH + 2];
  opt *o = solve_setup(w, in, order, p3);
  size_t n = pow3(max_frontier(w, np));
  GROW(w, fb0, n);
  GROW(w, fb1, n);
  double *b = w->fb0, *bn = w->fb1;
  b[0] = 1; /* after the last step every Q vertex is closed */
  for (size_t k = np; k-- > 0;) {
    backward_step(w, in, order, k, p3, k == 0, b, bn, o, ratio);
    double *t = b; /* bn now holds B_k */
    b = bn;
    bn = t;
  }
}

void myr_dp_free(myr_dp *w)
{
  free(w->q_deg);
  free(w->q_rem);
  free(w->q_off);
  free(w->cand);
  free(w->q_p);
  free(w->q_pos);
  free(w->p_done);
  free(w->in_cand);
  free(w->front);
  free(w->st_a);
  free(w->st_nb);
  free(w->st_np);
  free(w->st_pv);
  free(w->st_wr);
  free(w->st_kbase);
  free(w->nb_ext);
  free(w->nb_new);
  free(w->nb_slot);
  free(w->nb_w);
  free(w->nb_cm);
  free(w->nb_cr);
  free(w->newpos);
  free(w->pv_slot);
  free(w->cnt);
  free(w->tab_o);
  free(w->tab_off);
  free(w->tab_cn);
  free(w->sp_idx);
  free(w->st_tab0);
  free(w->sp_base);
  free(w->sp_combo);
  free(w->sp_val);
  free(w->st_soff);
  free(w->sp_acc);
  free(w->sp_mark);
  free(w->sp_b0);
  free(w->sp_b1);
  free(w->dc_dig);
  free(w->dc_add);
  free(w->fb0);
  free(w->fb1);
  free(w->scratch);
  *w = (myr_dp){0};
}
