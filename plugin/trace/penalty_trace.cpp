#include "penalty_trace.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace contention_sg {
namespace {

FILE* file = nullptr;
std::string file_path;

[[noreturn]] void write_failed(int err)
{
  std::fprintf(stderr, "contention: --cfg=contention/trace:%s: write error: %s\n", file_path.c_str(),
               std::strerror(err));
  std::fflush(nullptr);
  std::_Exit(1); /* exit() would run the destructors of an engine in the middle of a solve */
}

void close_at_exit()
{
  trace_close();
}

} // namespace

void trace_open(const std::string& path)
{
  if (path.empty())
    return;
  file_path = path;
  file      = std::fopen(path.c_str(), "w");
  if (file == nullptr) {
    std::fprintf(stderr, "contention: --cfg=contention/trace:%s: cannot open the file for writing: %s\n",
                 path.c_str(), std::strerror(errno));
    std::fflush(nullptr);
    std::_Exit(1); /* exit() would run destructors of a half-initialised engine */
  }
  std::fprintf(file, "time,comm,src,dst,penalty,bound,event\n");
  /* On disk now: a run that ends before the first flush (an abort at
   * t = 0, an _Exit of an option check) still leaves the header. */
  trace_flush();
  static bool registered = false;
  if (not registered) { /* MPI_Abort, a deadlock or exit() in the program end here */
    registered = true;
    std::atexit(close_at_exit);
  }
}

bool trace_enabled()
{
  return file != nullptr;
}

void trace_row(double time, uint64_t comm, const char* src, const char* dst, double penalty, double bound,
               const char* event)
{
  if (file != nullptr)
    std::fprintf(file, "%.17g,%llu,%s,%s,%.17g,%.17g,%s\n", time, static_cast<unsigned long long>(comm), src, dst,
                 penalty, bound, event);
}

void trace_flush()
{
  if (file == nullptr)
    return;
  errno = 0;
  if (std::fflush(file) != 0 || std::ferror(file))
    write_failed(errno != 0 ? errno : EIO);
}

void trace_close()
{
  if (file == nullptr)
    return;
  FILE* f = file;
  file    = nullptr;
  errno   = 0;
  bool bad = std::fflush(f) != 0 || std::ferror(f);
  int err  = errno != 0 ? errno : EIO;
  if (std::fclose(f) != 0 && not bad) {
    bad = true;
    err = errno;
  }
  if (bad)
    write_failed(err);
}

} // namespace contention_sg
