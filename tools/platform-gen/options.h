/* Command-line options of contention-platform-gen and their validation. */
#ifndef PGEN_OPTIONS_H
#define PGEN_OPTIONS_H

#include <stdio.h>

#define PGEN_MAX_CABINETS 1024
#define PGEN_MAX_COMMENTS 32

typedef enum { PGEN_SINGLE, PGEN_HIERARCHICAL } pgen_layout;
typedef enum { PGEN_SPLITDUPLEX, PGEN_SHARED, PGEN_FATPIPE } pgen_sharing;

typedef struct pgen_options {
  pgen_layout layout;
  pgen_sharing sharing;
  const char *id;       /* id of the top zone, prefix of cabinet zone ids */
  const char *prefix;   /* host names are prefix + index */
  long first;           /* index of the first host */
  int cabinets;         /* 1 for the single layout */
  long nodes[PGEN_MAX_CABINETS]; /* hosts per cabinet */
  int cores;
  double speed;         /* flop/s per core */
  double bw, lat;       /* each node's link (B/s, s) */
  double limiter;       /* limiter factor (x bw), 0 = no limiter link */
  double loopback_bw, loopback_lat; /* 0 bw = no loopback link */
  double bb_bw, bb_lat; /* each cabinet's uplink (hierarchical), or the
                         * switch backbone of a single cluster (0 = none) */
  double bb_limiter;    /* each cabinet's limiter (B/s), 0 = none */
  const char *output;   /* NULL = stdout */
  const char *comments[PGEN_MAX_COMMENTS];
  int comment_count;
} pgen_options;

/* Fills o from argv. Returns -1 when generation should go on, else the exit
 * status (0 after --help, 1 if writing it failed, 2 after a usage error, printed on stderr with the
 * option's name and its accepted values). */
int pgen_parse(int argc, char **argv, pgen_options *o);

void pgen_usage(FILE *out);

#endif
