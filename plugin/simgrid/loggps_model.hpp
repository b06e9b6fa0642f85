/* network/model:loggps (see loggps_model.cpp). */
#ifndef CONTENTION_SG_LOGGPS_MODEL_HPP
#define CONTENTION_SG_LOGGPS_MODEL_HPP

namespace contention_sg {
/* Declares loggps/L, o, Os, Or, g, G, s, S. Idempotent. */
void loggps_declare_options();
/* The model's init (registered in registry.cpp). */
void loggps_model_init();
} // namespace contention_sg
#endif
