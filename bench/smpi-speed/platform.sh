# Sourced by run-patterns.sh and bench/replay/record.sh: the benchmark's
# platform and host files, the SMPI options of a pattern and the command
# line of your own program, written in one place so that a recorded trace
# replays the run that run-patterns.sh measures.

# write_cluster NODES FILE: a switched cluster of 10 Gbps SHARED private
# links, 1 us, 8 cores per node, with a non-limiting backbone.
write_cluster() {
  cat >"$2" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c" prefix="node-" suffix="" radical="0-$(($1 - 1))" speed="1Gf" core="8" bw="10Gbps" lat="1us"
           bb_bw="100Tbps" bb_lat="1us"/>
</platform>
XML
}

# write_hostfile RANKS PER_NODE FILE: ranks placed in blocks of PER_NODE.
write_hostfile() {
  _i=0
  while [ $_i -lt "$1" ]; do echo "node-$((_i / $2))"; _i=$((_i + 1)); done >"$3"
}

# check_program: whether PROGRAM="PATH [ARGS]" (your own MPI program, the
# pattern "program") names a file; if not, says what is wrong and fails.
check_program() {
  if [ -z "${PROGRAM:-}" ]; then
    echo "${0##*/}: pattern 'program' needs PROGRAM=\"PATH [ARGS]\"" >&2
    return 2
  fi
  set -- $PROGRAM
  if [ ! -f "$1" ]; then
    echo "${0##*/}: PROGRAM: no file '$1'" >&2
    return 2
  fi
}

# program_args RANKS: PROGRAM's words, %n standing for RANKS.
program_args() { echo "$PROGRAM" | sed "s/%n/$1/g"; }

# pattern_options PATTERN: the SMPI options of a pattern's runs besides the
# model's: the patterns' all-to-alls are linear (every comm at one
# instant), a program of yours keeps the collectives SMPI would give it;
# neither adds simulated time for computations.
pattern_options() {
  [ "$1" = program ] || printf '%s ' --cfg=smpi/alltoall:basic_linear
  echo --cfg=smpi/simulate-computation:0
}
