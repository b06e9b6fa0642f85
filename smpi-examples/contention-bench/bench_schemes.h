/* Scheme mode of contention-bench: the calibration benchmark of Vienne et
 * al. 2008 (sec. IV) and Martinasso & Mehaut 2011 (sec. 3.3). One rank per
 * host; every scheme (a set of comms between hosts, all started together)
 * is run --reps times and written as a measured scenario, one file per
 * scheme, for contention-calibrate --fit. */
#ifndef CONTENTION_BENCH_SCHEMES_H
#define CONTENTION_BENCH_SCHEMES_H

/* Runs the scheme mode with the arguments after the program name; every
 * rank calls it. Returns the process exit status. */
int bench_schemes_main(int argc, char **argv);

#endif
