/* LogGPS formulas (seed 003 Fig. 1); see loggps.h for the reading. */
#include "contention/loggps.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/units.h"

void cg_loggps_defaults(cg_loggps *m)
{
  m->L = 50e-6;
  m->o = 5e-6;
  m->Os = 2e-10;
  m->Or = 2e-10;
  m->g = 1.0 / 100e6;
  m->G = 1.0 / 117.5e6;
  m->s = 1420;
  m->S = 65536;
}

int cg_loggps_validate(const cg_loggps *m, char *err, size_t errlen)
{
  const double v[] = {m->L, m->o, m->Os, m->Or, m->g, m->G, m->s, m->S};
  const char *const n[] = {"L", "o", "Os", "Or", "g", "G", "s", "S"};
  for (int i = 0; i < 8; i++)
    if (!isfinite(v[i]) || v[i] < 0) {
      snprintf(err, errlen, "LogGPS parameter %s = %g must be a finite number >= 0", n[i], v[i]);
      return -1;
    }
  return 0;
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

const char *cg_loggps_param_names(void) { return "L, o, Os, Or, g, G, s, S"; }

int cg_loggps_set(cg_loggps *m, const char *name, const char *value, char *err, size_t errlen)
{
  struct { const char *n; double *v; int kind; } t[] = {
    {"L", &m->L, 0}, {"o", &m->o, 0}, {"Os", &m->Os, 1}, {"Or", &m->Or, 1},
    {"g", &m->g, 1}, {"G", &m->G, 1}, {"s", &m->s, 2}, {"S", &m->S, 2}};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    if (strcmp(t[i].n, name) != 0)
      continue;
    char msg[512];
    double d = 0;
    int rc = 0;
    if (t[i].kind == 1) {
      char *end;
      errno = 0;
      d = strtod(value, &end);
      if (end == value || *end || errno == ERANGE || !isfinite(d) || d < 0) {
        snprintf(msg, sizeof msg, "'%s' is not a finite number >= 0 (seconds per byte, no unit suffix)", value);
        rc = -1;
      }
    } else {
      rc = cg_parse_quantity(value, t[i].kind == 0 ? CG_UNIT_TIME : CG_UNIT_SIZE, &d, msg, sizeof msg);
    }
    if (rc != 0) {
      snprintf(err, errlen, "loggps/%s: %s", name, msg);
      return -1;
    }
    *t[i].v = d;
    return 0;
  }
  snprintf(err, errlen, "loggps/%s: unknown LogGPS parameter; accepted: %s", name, cg_loggps_param_names());
  return -1;
}

double cg_loggps_wire_time(const cg_loggps *m, double k)
{
  if (!cg_loggps_is_rendezvous(m, k))
    return cg_loggps_T2(m, k);
  return cg_loggps_delivery_time(m, k, 0.0) + cg_loggps_T3(m, k);
}

int cg_loggps_smpi_overheads(const cg_loggps *m, char *os, char *or_, char *ois, size_t len)
{
  int a = snprintf(os, len, "0:%.17g:%.17g", m->o, m->Os);
  int b = snprintf(or_, len, "0:%.17g:%.17g", m->o, m->Or);
  int c = snprintf(ois, len, "0:%.17g:0", m->o);
  return (a < 0 || b < 0 || c < 0 || (size_t)a >= len || (size_t)b >= len || (size_t)c >= len) ? -1 : 0;
}
