/* LogGPS formulas (seed 003 Fig. 1), parameter sources and single-port
 * cards; see loggps.h for the reading. */
#include "contention/loggps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/quote.h"
#include "contention/smpi_piecewise.h"
#include "contention/units.h"

static const char *const names[CG_LOGGPS_NPARAMS] = {"L", "o", "Os", "Or", "g", "G", "s", "S"};

const char *cg_loggps_param_name(int index)
{
  return index >= 0 && index < CG_LOGGPS_NPARAMS ? names[index] : NULL;
}

int cg_loggps_param_index(const char *name)
{
  for (int i = 0; i < CG_LOGGPS_NPARAMS; i++)
    if (strcmp(names[i], name) == 0)
      return i;
  return -1;
}

const char *cg_loggps_param_names(void) { return "L, o, Os, Or, g, G, s, S"; }

static double *field(cg_loggps *m, int i)
{
  double *f[CG_LOGGPS_NPARAMS] = {&m->L, &m->o, &m->Os, &m->Or, &m->g, &m->G, &m->s, &m->S};
  return f[i];
}

double cg_loggps_get(const cg_loggps *m, int index) { return *field((cg_loggps *)m, index); }
void cg_loggps_put(cg_loggps *m, int index, double value) { *field(m, index) = value; }

static const char *const units[CG_LOGGPS_NPARAMS] = {"s", "s", "s/B", "s/B", "s/B", "s/B", "B", "B"};

double cg_loggps_max(int index)
{
  if (index == CG_LOGGPS_L || index == CG_LOGGPS_O)
    return CG_LOGGPS_TIME_MAX;
  if (index == CG_LOGGPS_SS || index == CG_LOGGPS_SL)
    return CG_LOGGPS_S_MAX;
  return CG_LOGGPS_PER_BYTE_MAX;
}

/* "%g UNIT is outside the accepted range [0, MAX UNIT]" for parameter i. */
static void out_of_range(int i, double v, char *msg, size_t len)
{
  snprintf(msg, len, "%.17g %s is outside the accepted range [0, %.10g %s]", v, units[i], cg_loggps_max(i), units[i]);
}

int cg_loggps_validate(const cg_loggps *m, char *err, size_t errlen)
{
  for (int i = 0; i < CG_LOGGPS_NPARAMS; i++) {
    double v = cg_loggps_get(m, i);
    if (!isfinite(v) || v < 0 || v > cg_loggps_max(i)) {
      char msg[256];
      out_of_range(i, v, msg, sizeof msg);
      snprintf(err, errlen, "LogGPS parameter %s = %s", names[i], msg);
      return -1;
    }
  }
  if (m->s > m->S) {
    snprintf(err, errlen, "LogGPS parameter s = %.17g B is above S = %.17g B: accepted s in [0, S]", m->s, m->S);
    return -1;
  }
  return 0;
}

/* A plain decimal number of seconds per byte, finite and >= 0 (strtod
 * alone would take "0x1", " 1" or "-0"). */
static int parse_per_byte(const char *value, double *out)
{
  char unused[256];
  double d;
  if (cg_parse_number(value, &d, unused, sizeof unused) != 0 || signbit(d))
    return -1;
  *out = d;
  return 0;
}

int cg_loggps_set(cg_loggps *m, const char *name, const char *value, char *err, size_t errlen)
{
  char q[CG_QUOTE_SIZE]; /* user text in a message is quoted: one line */
  int i = cg_loggps_param_index(name);
  if (i < 0) {
    snprintf(err, errlen, "loggps/%s: unknown LogGPS parameter; accepted: %s", cg_quote(name, q, sizeof q),
             cg_loggps_param_names());
    return -1;
  }
  char msg[512] = "";
  double d = 0;
  int rc = 0;
  switch (i) {
  case CG_LOGGPS_L:
  case CG_LOGGPS_O:
    rc = cg_parse_quantity(value, CG_UNIT_TIME, &d, msg, sizeof msg);
    break;
  case CG_LOGGPS_OS:
  case CG_LOGGPS_OR:
    rc = parse_per_byte(value, &d);
    if (rc)
      snprintf(msg, sizeof msg, "'%s' is not a finite number >= 0 (seconds per byte, no unit suffix)",
               cg_quote(value, q, sizeof q));
    break;
  case CG_LOGGPS_GS:
  case CG_LOGGPS_GL:
    if (parse_per_byte(value, &d) == 0)
      break;
    rc = cg_parse_quantity(value, CG_UNIT_BANDWIDTH, &d, msg, sizeof msg);
    if (rc == 0 && d <= 0) {
      snprintf(msg, sizeof msg, "the bandwidth must be > 0");
      rc = -1;
    }
    if (rc)
      snprintf(msg, sizeof msg,
               "'%s' is neither a number of seconds per byte (1e-9) nor a bandwidth (10Gbps: the gap is its inverse)",
               cg_quote(value, q, sizeof q));
    else
      d = 1.0 / d;
    break;
  default: /* s, S */
    rc = cg_parse_quantity(value, CG_UNIT_SIZE, &d, msg, sizeof msg);
  }
  if (rc == 0 && !(d >= 0 && d <= cg_loggps_max(i))) {
    out_of_range(i, d, msg, sizeof msg);
    rc = -1;
  }
  if (rc != 0) {
    snprintf(err, errlen, "loggps/%s: %s", name, msg);
    return -1;
  }
  cg_loggps_put(m, i, d);
  return i;
}

void cg_loggps_from_p2p(const cg_p2p_params *p, cg_loggps *m)
{
  const cg_p2p_segment *small = &p->seg[CG_P2P_SMALL];
  m->L = small->L;
  m->g = 1.0 / small->B;
  m->s = (double)p->thresh[CG_P2P_SMALL] + 1;
  m->G = 1.0 / p->seg[CG_P2P_LARGE].B;
  m->o = (small->os + small->or_) / 2;
  m->Os = p->seg[CG_P2P_MEDIUM2].Os;
  m->Or = p->seg[CG_P2P_MEDIUM2].Or;
  m->S = (double)p->thresh[CG_P2P_DETACHED] + 1;
}

int cg_loggps_from_smpi(const char *os, const char *or_, double detached, cg_loggps *m, char *err, size_t errlen)
{
  cg_piecewise ps, pr;
  char msg[512], q[CG_QUOTE_SIZE];
  if (cg_piecewise_parse(os, &ps, msg, sizeof msg) != 0) {
    snprintf(err, errlen, "smpi/os '%s': %s", cg_quote(os, q, sizeof q), msg);
    return -1;
  }
  if (cg_piecewise_parse(or_, &pr, msg, sizeof msg) != 0) {
    snprintf(err, errlen, "smpi/or '%s': %s", cg_quote(or_, q, sizeof q), msg);
    return -1;
  }
  memset(m, 0, sizeof *m);
  m->o = (ps.a[0] + pr.a[0]) / 2;
  m->Os = ps.b[0];
  m->Or = pr.b[0];
  m->S = detached;
  return 0;
}

void cg_loggps_for_route(cg_loggps *m, unsigned fixed, double latency, double bandwidth)
{
  if (!(fixed & (1u << CG_LOGGPS_L)))
    m->L = latency;
  if (!(fixed & (1u << CG_LOGGPS_GL)))
    m->G = 1.0 / bandwidth;
  if (!(fixed & (1u << CG_LOGGPS_GS)))
    m->g = m->G;
}

double cg_loggps_T1(const cg_loggps *m, double k) { return m->o + k * m->Os; }
double cg_loggps_T3(const cg_loggps *m, double k) { return m->o + k * m->Or; }

double cg_loggps_T2(const cg_loggps *m, double k)
{
  return k < m->s ? m->L + k * m->g : m->L + m->s * m->g + (k - m->s) * m->G;
}

double cg_loggps_T4(const cg_loggps *m, double dt)
{
  return fmax(m->L + m->o, dt) + m->o;
}

int cg_loggps_is_rendezvous(const cg_loggps *m, double k) { return k >= m->S; }

double cg_loggps_delivery_time(const cg_loggps *m, double k, double dt)
{
  double t = cg_loggps_T1(m, k) + cg_loggps_T2(m, k);
  return cg_loggps_is_rendezvous(m, k) ? cg_loggps_T4(m, dt) + m->L + t : t;
}

double cg_loggps_send_time(const cg_loggps *m, double k, double dt)
{
  if (!cg_loggps_is_rendezvous(m, k))
    return cg_loggps_T1(m, k);
  return cg_loggps_T4(m, dt) + m->L + cg_loggps_T1(m, k);
}

double cg_loggps_recv_time(const cg_loggps *m, double k, double dt)
{
  /* Both relative to ts; the receive lasts from tr = dt to the end. */
  double end = fmax(cg_loggps_delivery_time(m, k, dt), dt) + cg_loggps_T3(m, k);
  return end - dt;
}

double cg_loggps_wire_before(const cg_loggps *m, double k)
{
  return cg_loggps_is_rendezvous(m, k) ? cg_loggps_T4(m, 0.0) + m->L + cg_loggps_T1(m, k) : 0.0;
}

double cg_loggps_wire_card(const cg_loggps *m, double k)
{
  return cg_loggps_T2(m, k) - m->L;
}

static double wire_after(const cg_loggps *m, double k)
{
  return m->L + (cg_loggps_is_rendezvous(m, k) ? cg_loggps_T3(m, k) : 0.0);
}

double cg_loggps_wire_time(const cg_loggps *m, double k)
{
  return cg_loggps_wire_before(m, k) + cg_loggps_wire_card(m, k) + wire_after(m, k);
}

int cg_loggps_smpi_overheads(const cg_loggps *m, char *os, char *or_, char *ois, size_t len)
{
  int a = snprintf(os, len, "0:%.17g:%.17g", m->o, m->Os);
  int b = snprintf(or_, len, "0:%.17g:%.17g", m->o, m->Or);
  int c = snprintf(ois, len, "0:%.17g:0", m->o);
  return (a < 0 || b < 0 || c < 0 || (size_t)a >= len || (size_t)b >= len || (size_t)c >= len) ? -1 : 0;
}

/* A card's calendar: its busy intervals from now on, sorted, disjoint,
 * adjacent ones merged. */
typedef struct calendar {
  double *start, *end;
  size_t n, cap;
} calendar;

struct cg_loggps_ports {
  calendar *cards; /* per host */
  size_t ncards;
};

cg_loggps_ports *cg_loggps_ports_create(void)
{
  return calloc(1, sizeof(cg_loggps_ports));
}

void cg_loggps_ports_destroy(cg_loggps_ports *p)
{
  if (!p)
    return;
  for (size_t i = 0; i < p->ncards; i++) {
    free(p->cards[i].start);
    free(p->cards[i].end);
  }
  free(p->cards);
  free(p);
}

static calendar *card(cg_loggps_ports *p, uint32_t h)
{
  if (h >= p->ncards) {
    size_t n = p->ncards ? p->ncards : 64;
    while (n <= h)
      n *= 2;
    calendar *c = realloc(p->cards, n * sizeof *c);
    if (!c)
      return NULL;
    memset(c + p->ncards, 0, (n - p->ncards) * sizeof *c);
    p->cards = c;
    p->ncards = n;
  }
  return &p->cards[h];
}

/* Inserts [s, e) at position i (no overlap with its neighbours), merging
 * with those it touches. */
static int insert(calendar *c, size_t i, double s, double e)
{
  int left = i > 0 && c->end[i - 1] == s, right = i < c->n && c->start[i] == e;
  if (left && right) {
    c->end[i - 1] = c->end[i];
    memmove(&c->start[i], &c->start[i + 1], (c->n - i - 1) * sizeof(double));
    memmove(&c->end[i], &c->end[i + 1], (c->n - i - 1) * sizeof(double));
    c->n--;
  } else if (left) {
    c->end[i - 1] = e;
  } else if (right) {
    c->start[i] = s;
  } else {
    if (c->n == c->cap) {
      size_t cap = c->cap ? 2 * c->cap : 16;
      double *ns = realloc(c->start, cap * sizeof *ns);
      if (!ns)
        return -1;
      c->start = ns;
      double *ne = realloc(c->end, cap * sizeof *ne);
      if (!ne)
        return -1;
      c->end = ne;
      c->cap = cap;
    }
    memmove(&c->start[i + 1], &c->start[i], (c->n - i) * sizeof(double));
    memmove(&c->end[i + 1], &c->end[i], (c->n - i) * sizeof(double));
    c->start[i] = s;
    c->end[i] = e;
    c->n++;
  }
  return 0;
}

double cg_loggps_card_reserve(cg_loggps_ports *p, uint32_t h, double now, double earliest, double busy)
{
  calendar *c = card(p, h);
  if (!c)
    return -1;
  /* Forget what is over: nothing is ever reserved before now again. */
  size_t past = 0;
  while (past < c->n && c->end[past] <= now)
    past++;
  if (past) {
    memmove(c->start, c->start + past, (c->n - past) * sizeof(double));
    memmove(c->end, c->end + past, (c->n - past) * sizeof(double));
    c->n -= past;
  }
  if (!(busy > 0))
    return earliest;
  /* The first gap from `earliest` on that holds `busy`. */
  double at = earliest;
  size_t i = 0;
  while (i < c->n && c->end[i] <= at)
    i++;
  for (; i < c->n; i++) {
    if (at + busy <= c->start[i])
      break;
    if (c->end[i] > at)
      at = c->end[i];
  }
  return insert(c, i, at, at + busy) == 0 ? at : -1;
}

double cg_loggps_comm_time(const cg_loggps *m, double k, cg_loggps_ports *ports, uint32_t src, uint32_t dst,
                           double now)
{
  double before = cg_loggps_wire_before(m, k), card_time = cg_loggps_wire_card(m, k), after = wire_after(m, k);
  if (!ports || src == dst)
    return before + card_time + after;
  double sent = cg_loggps_card_reserve(ports, src, now, now + before, card_time);
  double received = sent < 0 ? -1 : cg_loggps_card_reserve(ports, dst, now, sent, card_time);
  return received < 0 ? -1 : received + card_time + after - now;
}
