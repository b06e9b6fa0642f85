/* The p2p parameter file parser (core/src/p2p/p2p_params.c): a text it
 * accepts is valid, and writing it back and reading that again gives the
 * same parameters (the writer prints %.17g). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <math.h>

#include "contention/p2p_model.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (memchr(data, '\0', size))
    return 0; /* the file reader refuses NUL bytes before parsing */
  char *text = fuzz_string(data, size);
  cg_p2p_params p, q;
  char err[4096] = "";
  if (cg_p2p_parse_string(text, "fuzz.params", &p, err, sizeof err) == 0) {
    char msg[512];
    FUZZ_CHECK(cg_p2p_validate(&p, msg, sizeof msg) == 0, "accepted but invalid: %s", msg);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f)
      abort();
    cg_p2p_write_params(f, &p);
    fclose(f);
    FUZZ_CHECK(cg_p2p_parse_string(out, "written", &q, err, sizeof err) == 0, "written back: %s", err);
    FUZZ_CHECK(memcmp(p.thresh, q.thresh, sizeof p.thresh) == 0, "thresholds differ after a round trip");
    for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
      const cg_p2p_segment *a = &p.seg[s], *b = &q.seg[s];
      FUZZ_CHECK(a->os == b->os && a->Os == b->Os && a->or_ == b->or_ && a->Or == b->Or && a->L == b->L &&
                     a->B == b->B,
                 "segment %d differs after a round trip", s);
    }
    FUZZ_CHECK(p.route_bandwidth == q.route_bandwidth && p.route_latency == q.route_latency, "route");
    cg_p2p_cfg cfg;
    if (cg_p2p_to_cfg(&p, &cfg, msg, sizeof msg) != 0)
      fuzz_check_message(msg, "");
    free(out);
  } else {
    fuzz_check_message(err, "fuzz.params");
  }
  free(text);
  return 0;
}
