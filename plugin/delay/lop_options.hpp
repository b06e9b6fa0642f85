/* The `--cfg=contention/lop...` options of network/model:contention
 * (doc/lop.md): declared at plugin load, listed by --help with types and
 * units, checked as they are set (one line naming the option, exit 1). */
#ifndef CONTENTION_SG_LOP_OPTIONS_HPP
#define CONTENTION_SG_LOP_OPTIONS_HPP

#include <contention/lop.h>

namespace contention_sg {

struct LopConfig {
  const cg_lop_curve* curve; /* nullptr: contention/lop:off */
  double threshold;          /* largest payload LoP times [B] */
};

/* Declares contention/lop, contention/lop/threshold and
 * contention/lop/<curve>/<coefficient> for both curves. Idempotent. */
void lop_declare_options();

/* The configuration in force. The selected curve is checked here
 * (cg_lop_validate): call it from the model init; a bad curve prints one
 * line and ends the process with status 1. */
LopConfig lop_config();

} // namespace contention_sg
#endif
