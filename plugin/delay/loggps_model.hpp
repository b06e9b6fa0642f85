/* network/model:loggps (see loggps_model.cpp); its options: loggps_options.hpp. */
#ifndef CONTENTION_SG_LOGGPS_MODEL_HPP
#define CONTENTION_SG_LOGGPS_MODEL_HPP

namespace contention_sg {
/* The model's init (registered in registry.cpp). */
void loggps_model_init();
} // namespace contention_sg
#endif
