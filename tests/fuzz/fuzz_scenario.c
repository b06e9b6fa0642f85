/* The scenario loader (tools/common/scenario.c) on arbitrary bytes: it
 * either returns a scenario that keeps every promise of scenario.h, or one
 * error line "fuzz.xml:..." / "fuzz.xml: ...". */
#include <float.h>
#include <math.h>

#include "fuzz.h"
#include "scenario.h"

static void check_scenario(const scenario *sc)
{
  FUZZ_CHECK(sc->comm_count >= 1 && sc->comm_count <= SCENARIO_MAX_COMMS, "%zu comms", sc->comm_count);
  FUZZ_CHECK(sc->host_count >= 1 && sc->host_count <= SCENARIO_MAX_HOSTS, "%zu hosts", sc->host_count);
  FUZZ_CHECK(isfinite(sc->bandwidth) && sc->bandwidth >= DBL_MIN && isfinite(1.0 / sc->bandwidth),
             "bandwidth %g", sc->bandwidth);
  int given = 1, measured = 1;
  for (size_t i = 0; i < sc->comm_count; i++) {
    const scenario_comm *c = &sc->comms[i];
    FUZZ_CHECK(c->id && c->id[0], "comm %zu has no id", i);
    FUZZ_CHECK(c->src < sc->host_count && c->dst < sc->host_count, "comm %zu hosts", i);
    FUZZ_CHECK(isfinite(c->size) && c->size >= 0 && isfinite(c->start) && c->start >= 0,
               "comm %zu size %g start %g", i, c->size, c->start);
    FUZZ_CHECK(isfinite(c->start + c->size / sc->bandwidth), "comm %zu overflows", i);
    FUZZ_CHECK(c->measured == -1 || (isfinite(c->measured) && c->measured > 0), "comm %zu measured %g", i,
               c->measured);
    FUZZ_CHECK(c->line >= 1, "comm %zu line %d", i, c->line);
    FUZZ_CHECK((c->penalties != NULL) == (c->penalty_count > 0), "comm %zu penalty list", i);
    for (size_t k = 0; k < c->penalty_count; k++)
      FUZZ_CHECK(isfinite(c->penalties[k]) && c->penalties[k] >= 1, "comm %zu penalty %g", i,
                 c->penalties[k]);
    for (size_t k = 0; k < c->later_count; k++)
      FUZZ_CHECK(isfinite(c->later[k]) && c->later[k] >= 1, "comm %zu later %g", i, c->later[k]);
    FUZZ_CHECK(c->has_later || c->later_count == 0, "comm %zu later without has_later", i);
    for (size_t j = 0; j < i && i < 64; j++)
      FUZZ_CHECK(strcmp(sc->comms[j].id, c->id) != 0, "duplicate comm id '%s'", c->id);
    FUZZ_CHECK(c->has_penalties || c->penalty_count == 0, "comm %zu penalties without has_penalties", i);
    given &= c->has_penalties;
    measured &= c->measured > 0;
  }
  FUZZ_CHECK(sc->all_given == given && sc->all_measured == measured, "all_given / all_measured");
  for (size_t h = 0; h < sc->host_count; h++) {
    FUZZ_CHECK(sc->hosts[h] && sc->hosts[h][0], "host %zu has no name", h);
    FUZZ_CHECK(sc->racks[h] >= -1 && sc->racks[h] < (int32_t)sc->host_count, "host %zu rack %d", h,
               (int)sc->racks[h]);
    for (size_t j = 0; j < h && h < 64; j++)
      FUZZ_CHECK(strcmp(sc->hosts[j], sc->hosts[h]) != 0, "duplicate host '%s'", sc->hosts[h]);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  scenario sc;
  char err[1024] = "";
  if (scenario_parse("fuzz.xml", (const char *)data, size, &sc, err, sizeof err) == 0) {
    check_scenario(&sc);
    scenario_free(&sc);
  } else {
    fuzz_check_message(err, "fuzz.xml:");
    FUZZ_CHECK(sc.comm_count == 0 && sc.file == NULL, "scenario not freed after an error");
  }
  return 0;
}
