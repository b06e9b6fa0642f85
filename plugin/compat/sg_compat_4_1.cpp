/* sg_compat.hpp for SimGrid 4.1: the 4.0 source. Between tags v4.0 and
 * v4.1 nothing the plugin reads or calls changed (the network model table,
 * EngineImpl::add_model, lmm::System's members and the Element / Variable
 * layout, NetworkAction's hosts, the factor callbacks, the comm state
 * signal; 4.1 adds members after the ones read, e.g. lmm::Variable's
 * backtrace). */
#include "sg_compat_4_0.cpp"
