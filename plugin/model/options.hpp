/* The `--cfg=contention/...` options: declared at plugin load (so --help
 * lists them with their types and accepted values, and the command line can
 * set them), validated as they are set: a bad value prints one line naming
 * the option and the accepted values and exits with status 1. */
#ifndef CONTENTION_SG_OPTIONS_HPP
#define CONTENTION_SG_OPTIONS_HPP

#include "binding.hpp"

#include <string>

namespace contention_sg {

/* Declares contention/technology, contention/bandwidth, contention/trace,
 * contention/p2p-params, contention/node-links and
 * contention/<tech>/<param> for every technology of cg_tech_all().
 * Idempotent. */
void options_declare();
/* Records an option declared elsewhere by the plugin (loggps/...), so that
 * the command-line check knows it; a number option (a double) is checked
 * as a plain decimal number there (SimGrid's parser takes 0x1 and " 1"),
 * and `accepted` (e.g. "a number in [0, 1]") ends the message of a value
 * that is not one. */
void options_register_key(const std::string& key, bool number = false, const std::string& accepted = "");
/* Checks every --cfg=contention/... and --cfg=loggps/... of this process's
 * command line before SimGrid parses it: an unknown key (with the closest
 * known one) or a value that is not a number gets one line and exit status
 * 1, instead of SimGrid's key dump and abort. Run once the options are
 * declared, before the Engine exists. */
void options_precheck_command_line();

/* Whether `model` (a network/model value) uses the plugin option `key`:
 * loggps/... only loggps, contention/hold-detached-comms contention and
 * loggps, every other contention/... only contention. */
bool options_used_by(const std::string& key, const std::string& model);
/* One warning per plugin option of the command line that `model` does not
 * use (naming the option and the model it belongs to), and, under
 * contention, per --cfg=plugin:link_energy or link_load, whose figures are
 * not SMPI's there. Run once the platform exists (the model is final). */
void options_warn_unused(const std::string& model);
/* Applies contention/p2p-params (doc/p2p-model.md), if set, by setting the
 * smpi/os, smpi/or, smpi/ois, smpi/bw-factor, smpi/lat-factor,
 * smpi/async-small-thresh and smpi/send-is-detached-thresh options. Called
 * in the model init, before SMPI reads them. */
void options_apply_p2p();
/* contention/hold-detached-comms (compat::hold_detached_comms_aside()). */
bool options_hold_detached_comms();
/* Everything binding_start() needs, from the options. */
BindingConfig options_binding_config();

} // namespace contention_sg
#endif
