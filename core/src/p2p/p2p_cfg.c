/* Mapping of the piecewise point-to-point model onto SimGrid 3.32's SMPI
 * options. Facts of SimGrid 3.32 this relies on (read in its sources):
 * - a piecewise option "S0:v..;S1:v..;..." is sorted by S; a message of
 *   size k uses the entry with the largest S < k; when k <= S0, os/or/ois
 *   use the first entry but the network factors are 1 (so the factors'
 *   first entry here is at 0); smpi/os, smpi/or, smpi/ois entries are
 *   "S:offset:per-byte", smpi/bw-factor and smpi/lat-factor "S:factor";
 * - os/or/ois take the message size k, the network factors the payload
 *   k + 16 (MPI envelope); the transfer lasts
 *   route_latency * lat_factor + (k + 16) / (route_bandwidth * bw_factor);
 * - a send is detached when k < smpi/send-is-detached-thresh and then
 *   sleeps os(k) (ois(k) for MPI_Isend, always); MPI_Recv sleeps or(k)
 *   only after a detached send; k < smpi/async-small-thresh goes eager. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contention/apart.h"
#include "contention/p2p_model.h"

static const char *const cfg_keys[CG_P2P_CFG_COUNT] = {
  "smpi/os", "smpi/or", "smpi/ois", "smpi/bw-factor", "smpi/lat-factor", "smpi/async-small-thresh",
  "smpi/send-is-detached-thresh"};

/* Appends to a value buffer; -1 when it does not fit. */
static int add(char *buf, size_t len, const char *fmt, long at, double a, double b, int two)
{
  size_t used = strlen(buf);
  int w = two ? snprintf(buf + used, len - used, fmt, used ? ";" : "", at, a, b)
              : snprintf(buf + used, len - used, fmt, used ? ";" : "", at, a);
  return w < 0 || (size_t)w >= len - used ? -1 : 0;
}

int cg_p2p_to_cfg(const cg_p2p_params *p, cg_p2p_cfg *cfg, char *err, size_t errlen)
{
  char msg[512];
  if (cg_p2p_validate(p, msg, sizeof msg) != 0) {
    snprintf(err, errlen, "%s", msg);
    return -1;
  }
  if (p->route_bandwidth <= 0 || p->route_latency <= 0) {
    snprintf(err, errlen, "route.bandwidth and route.latency (the platform route the parameters were measured "
                          "on) must be > 0 to compute smpi/bw-factor and smpi/lat-factor");
    return -1;
  }
  memset(cfg, 0, sizeof *cfg);
  for (int i = 0; i < CG_P2P_CFG_COUNT; i++)
    cfg->key[i] = cfg_keys[i];
  int bad = 0;
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    const cg_p2p_segment *g = &p->seg[s];
    /* Entry of segment s starts right after the previous threshold. */
    long at = s == 0 ? 0 : p->thresh[s - 1];
    double envelope = CG_P2P_ENVELOPE / g->B;
    if (g->L < envelope) {
      char l[32], e[32]; /* an L just below is not shown as the envelope's time */
      cg_format_apart(g->L, envelope, l, e, sizeof l);
      snprintf(err, errlen,
               "%s.L = %s s is below the time of SimGrid's 16-byte envelope at %s.B (%s s): cannot be reproduced",
               cg_p2p_segment_name(s), l, cg_p2p_segment_name(s), e);
      return -1;
    }
    bad |= add(cfg->value[0], sizeof cfg->value[0], "%s%ld:%.17g:%.17g", at, g->os, g->Os, 1);
    bad |= add(cfg->value[1], sizeof cfg->value[1], "%s%ld:%.17g:%.17g", at, g->or_, g->Or, 1);
    bad |= add(cfg->value[2], sizeof cfg->value[2], "%s%ld:%.17g:%.17g", at, g->os, g->Os, 1);
    long wire = s == 0 ? 0 : at + CG_P2P_ENVELOPE;
    /* a route latency near DBL_MIN overflows the ratio: SimGrid got inf */
    if (!isfinite(g->B / p->route_bandwidth) || !isfinite((g->L - envelope) / p->route_latency)) {
      snprintf(err, errlen, "%s: smpi/bw-factor or smpi/lat-factor (%s.B / route.bandwidth, %s.L / route.latency) "
                            "overflows a double: check route.bandwidth and route.latency",
               cg_p2p_segment_name(s), cg_p2p_segment_name(s), cg_p2p_segment_name(s));
      return -1;
    }
    bad |= add(cfg->value[3], sizeof cfg->value[3], "%s%ld:%.17g", wire, g->B / p->route_bandwidth, 0, 0);
    bad |= add(cfg->value[4], sizeof cfg->value[4], "%s%ld:%.17g", wire, (g->L - envelope) / p->route_latency, 0,
               0);
  }
  /* SimGrid compares k < thresh; the model's bounds are inclusive. */
  snprintf(cfg->value[5], sizeof cfg->value[5], "%ld", p->thresh[CG_P2P_MEDIUM2] + 1);
  snprintf(cfg->value[6], sizeof cfg->value[6], "%ld", p->thresh[CG_P2P_DETACHED] + 1);
  if (bad) {
    snprintf(err, errlen, "internal error: SimGrid option value too long");
    return -1;
  }
  return 0;
}

void cg_p2p_write_cfg_flags(FILE *out, const cg_p2p_cfg *cfg)
{
  for (int i = 0; i < CG_P2P_CFG_COUNT; i++)
    fprintf(out, "'--cfg=%s:%s'\n", cfg->key[i], cfg->value[i]);
}

void cg_p2p_write_config_block(FILE *out, const cg_p2p_cfg *cfg)
{
  fprintf(out, "<config>\n");
  for (int i = 0; i < CG_P2P_CFG_COUNT; i++)
    fprintf(out, "  <prop id=\"%s\" value=\"%s\"/>\n", cfg->key[i], cfg->value[i]);
  fprintf(out, "</config>\n");
}
