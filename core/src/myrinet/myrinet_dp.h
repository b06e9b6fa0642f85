/* Private to the Myrinet technology: counting maximal matchings of a
 * bipartite multigraph by dynamic programming over one side.
 *
 * The vertices of one side ("P") are processed in a given order; each
 * vertex of the other side ("Q") that is open (has processed and
 * unprocessed neighbours) carries a state: free (unmatched, no unmatched
 * neighbour yet), required (unmatched, an unmatched neighbour exists, so it
 * must be matched later) or matched. A matching is maximal iff no Q vertex
 * closes in state required, so 3^w states suffice for a frontier of w open
 * Q vertices. A Q vertex of degree 1 never enters the frontier (it is summed
 * over with its neighbour). A forward and a backward pass give, for every
 * pair (p, q), the number of maximal matchings using one given comm of it,
 * and N, at the same scale: the DP rescales its layers by powers of two, so
 * nothing overflows and the ratios are exact as long as the integers fit in
 * 53 bits.
 *
 * Optional external fields turn it into the regional solver of the
 * approximation: alpha = weight of "matched outside the graph", beta =
 * weight of "unmatched, and every outside neighbour is matched". */
#ifndef CONTENTION_MYRINET_DP_H
#define CONTENTION_MYRINET_DP_H

#include <stddef.h>
#include <stdint.h>

/* The graph, by P vertex: the slots p_off[p] .. p_off[p+1] name the
 * neighbours (p_q, distinct) and multiplicities (p_w). */
typedef struct myr_dp_in {
  size_t np, nq;
  const size_t *p_off;
  const uint32_t *p_q;
  const double *p_w;
  const double *alpha_p, *beta_p; /* NULL: 0 and 1 (no outside) */
  const double *alpha_q, *beta_q;
} myr_dp_in;

/* Scratch reused across calls; zero-initialise. */
typedef struct myr_dp {
  size_t *q_deg, *q_rem, *q_off, *cand;
  uint32_t *q_p;
  int32_t *q_pos;
  uint8_t *p_done, *in_cand;
  uint32_t *front;
  /* per step */
  size_t *st_a, *st_nb, *st_np, *st_pv;
  double *st_wr, *st_kbase;
  /* per non-private neighbour of a step */
  int32_t *nb_ext, *nb_new;
  size_t *nb_slot;
  double *nb_w, *nb_cr, *nb_cm;
  int32_t *newpos; /* per step, per frontier position: its position after the step, -1 if it closes */
  size_t *pv_slot; /* private slots of each step */
  double *cnt;
  struct myr_dp_opt *tab_o; /* option tables of the steps (myrinet_dp.c) */
  size_t *tab_off;
  double *tab_cn;
  size_t tab_used[2];       /* combinations and options of the tables kept */
  size_t *st_tab0;          /* per step of a full solve: its kept table's first combination */
  size_t tab_o_cap, tab_off_cap, tab_cn_cap, st_tab0_cap;
  int no_tables;      /* tests: 1 = every state computes its options (same results) */
  size_t keep_options; /* tests: options of the kept tables at most (0: the default, 2^17) */
  size_t tabled_steps; /* tests: steps solved through a table, summed over calls */
  int no_decoder;      /* tests: 1 = state indices decoded digit by digit (same results) */
  size_t decoded_layers[2]; /* tests: layers decoded by 4-digit, by 2-digit tables, summed over calls */
  size_t q_deg_cap, q_rem_cap, q_off_cap, cand_cap, q_p_cap, q_pos_cap, p_done_cap, in_cand_cap, front_cap;
  size_t st_a_cap, st_nb_cap, st_np_cap, st_pv_cap, st_wr_cap, st_kbase_cap;
  size_t nb_ext_cap, nb_new_cap, nb_slot_cap, nb_w_cap, nb_cr_cap, nb_cm_cap, newpos_cap, pv_slot_cap;
  size_t cnt_cap;
  /* sparse full solve: reached states of every layer (index ascending,
   * F) at sp_idx/sp_val + st_soff[k]; dense work arrays kept all zero
   * between calls */
  uint32_t *sp_idx;
  uint32_t *sp_base, *sp_combo; /* each reached state's base and combination index, from the forward pass */
  double *sp_val, *sp_acc, *sp_b0, *sp_b1;
  uint64_t *sp_mark;
  size_t *st_soff;
  size_t sp_idx_cap, sp_base_cap, sp_combo_cap, sp_val_cap, sp_acc_cap, sp_b0_cap, sp_b1_cap, sp_mark_cap, st_soff_cap;
  uint8_t *dc_dig; /* state decoding tables of one layer, 4 or 2 digits at a time (myrinet_dp.c) */
  size_t *dc_add;
  size_t dc_width; /* digits per chunk of those tables */
  size_t dc_dig_cap, dc_add_cap;
  double *fb0, *fb1; /* the two work layers of myr_dp_solve_first */
  size_t fb0_cap, fb1_cap;
  struct myr_dp_opt *scratch; /* one state's options (myrinet_dp.c) */
  size_t scratch_cap;
} myr_dp;

/* Largest frontier the DP accepts (3^12 states per layer). */
#define MYR_DP_MAX_WIDTH 12

/* Greedy order of the P vertices keeping the frontier small: next, among
 * the unprocessed neighbours of open Q vertices, the one that widens the
 * frontier least; ties go to the one advancing more open Q vertices, then
 * to the one whose advanced Q vertices have fewer neighbours left, then to
 * the lower index (a new part starts at its smallest degree). Writes
 * order[0..np) and returns its width (largest number of
 * open Q vertices after a step); stops early, returning a value > limit,
 * as soon as the width exceeds limit or the states of the layers
 * (sum of 3^frontier) exceed max_states. */
size_t myr_dp_order(myr_dp *w, const myr_dp_in *in, uint32_t *order, size_t limit, size_t max_states);
/* Full solve along `order` (width <= MYR_DP_MAX_WIDTH): writes, for each
 * slot, ratio[slot] = N / (weighted number of maximal matchings that use
 * one given comm of the slot's pair) -- with fields, 1 / the marginal of
 * one comm. A forward pass keeps, per layer, only the states reached from
 * the empty one (index ascending, with their F; most states of a layer
 * are never reached: a step opens its new vertices in few joint states),
 * and the backward pass visits only those: the cost and memory follow the
 * reached states, not the 3^w of each layer. Returns 0 (ratio unset) as
 * soon as the layers hold more than max_reached reached states in all
 * (w->st_soff[np] is their number after a solve). */
int myr_dp_solve(myr_dp *w, const myr_dp_in *in, const uint32_t *order, size_t max_reached, double *ratio);
/* The regions' pass: the ratios of the slots of order[0] only, by one
 * backward pass over every state (no forward pass: telling the reached
 * states apart would cost a region more than it saves). The same ratios,
 * bit for bit, as a full solve gives those slots. */
void myr_dp_solve_first(myr_dp *w, const myr_dp_in *in, const uint32_t *order, double *ratio);
void myr_dp_free(myr_dp *w);

#endif
