/* Public entry point of the SimGrid plugin (libcontention-simgrid.so).
 *
 * The plugin registers its network models ("contention", ...) from a library
 * constructor, so loading the library before the SimGrid Engine is created
 * is enough: LD_PRELOAD under smpirun (see bin/smpirun), or linking an s4u
 * simulator with -Wl,--no-as-needed. A simulator may also call
 * contention_simgrid_register() itself, before creating its Engine. */
#ifndef CONTENTION_SIMGRID_H
#define CONTENTION_SIMGRID_H

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the models and declares the contention options. Idempotent.
 * Returns 0, or -1 (with a message on stderr) when the running SimGrid is
 * not 3.32. */
int contention_simgrid_register(void);

#ifdef __cplusplus
}
#endif
#endif
