/* --cfg=contention/trace:FILE: one CSV row per bound change and per comm end.
 * Written through stdio, flushed once per simulated instant (so a simulation
 * that aborts keeps every instant it reached) and closed at the end or at
 * exit. A write error stops the simulation with the path and the reason. */
#ifndef CONTENTION_SG_PENALTY_TRACE_HPP
#define CONTENTION_SG_PENALTY_TRACE_HPP

#include <cstdint>
#include <string>

namespace contention_sg {

/* Opens `path` and writes the header; an empty path disables the trace. On
 * failure prints the option, the path and the reason, and exits(1). */
void trace_open(const std::string& path);
bool trace_enabled();
/* time,comm,src,dst,penalty,bound,event */
void trace_row(double time, uint64_t comm, const char* src, const char* dst, double penalty, double bound,
               const char* event);
/* End of a simulated instant: pushes the rows to the file. */
void trace_flush();
void trace_close();

} // namespace contention_sg
#endif
