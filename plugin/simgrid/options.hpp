/* The `--cfg=contention/...` options: declared at plugin load (so --help
 * lists them and the command line can set them), validated as they are set:
 * a bad value prints one line naming the option and the accepted values and
 * exits with status 1. */
#ifndef CONTENTION_SG_OPTIONS_HPP
#define CONTENTION_SG_OPTIONS_HPP

#include <string>

struct cg_tech;

namespace contention_sg {

/* Declares contention/technology, contention/bandwidth, contention/trace and
 * contention/<tech>/<param> for every technology of cg_tech_all(). Idempotent. */
void options_declare();

/* Values, read when a model is initialised (after the command line). */
const cg_tech* options_technology();
/* The technology's parameter block (param_count doubles). */
const double* options_params(const cg_tech* tech);
/* Effective bandwidth in B/s, or 0 when unset (= each route's bottleneck). */
double options_bandwidth();
/* CSV trace path, empty when unset. */
const std::string& options_trace();
/* Applies contention/p2p-params (doc/p2p-model.md), if set, by setting the
 * smpi/os, smpi/or, smpi/ois, smpi/bw-factor, smpi/lat-factor,
 * smpi/async-small-thresh and smpi/send-is-detached-thresh options. Called
 * in the model init, before SMPI reads them. */
void options_apply_p2p();

} // namespace contention_sg
#endif
