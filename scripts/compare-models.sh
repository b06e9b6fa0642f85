#!/usr/bin/env bash
# Compares network models on MPI programs: every program x platform x rank
# count x model of a campaign is one smpirun simulation, run here (-j N at
# once) or as a Slurm job array; results as a table, a CSV file and figures.
# With no argument (the README's main job): the built-in NPB-like and
# BigDFT-like kernels under six models, 32 ranks on the default platform.
# The work is done by scripts/campaign/ (usage: --help; doc/comparison.md).
# Symlinks resolved: through a symlink elsewhere (~/bin/compare-models)
# campaign/compare.py was looked for beside the symlink.
here=$(dirname "$(readlink -f "$0")")
# A python3 that has matplotlib draws the figures (Debian's, if the first
# python3 on PATH is another one); $PYTHON chooses one explicitly.
py=${PYTHON:-}
# A signal to this shell while it probes must stop it: bash would otherwise
# wait for the probe and go on (a SIGINT then ran the whole campaign).
# (the line compare.py prints for a Ctrl-C before it starts anything)
trap 'echo "compare-models: interrupted" >&2; exit 130' INT
trap 'echo "compare-models: interrupted" >&2; exit 143' TERM
trap 'echo "compare-models: interrupted" >&2; exit 129' HUP
# One that names no interpreter: one line, as a bad option (bash's exec
# printed its own two lines, exit 126 or 127).
py_ok=
case $py in
  '') ;;
  */*) [ -f "$py" ] && [ -x "$py" ] && py_ok=1 ;;
  *) command -v -- "$py" > /dev/null 2>&1 && py_ok=1 ;;
esac
if [ -n "$py" ] && [ -z "${py_ok:-}" ]; then
  echo "compare-models: PYTHON '$py' is not an executable file or a command on PATH (accepted: a python3 interpreter, e.g. PYTHON=/usr/bin/python3, or PYTHON unset)" >&2
  exit 2
fi
if [ -z "$py" ]; then
  for c in python3 /usr/bin/python3; do
    if "$c" -c 'import importlib.util as u, sys; sys.exit(u.find_spec("matplotlib") is None)' 2>/dev/null; then
      py=$c
      break
    fi
  done
fi
exec "${py:-python3}" "$here/campaign/compare.py" "$@"
