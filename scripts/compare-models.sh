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
# (a line end or carriage return in it written \n, \r: the line stays one)
shown=${py//$'\n'/\\n}
shown=${shown//$'\r'/\\r}
accepted="accepted: a python3 interpreter, e.g. PYTHON=/usr/bin/python3, or PYTHON unset"
if [ -n "$py" ] && [ -z "${py_ok:-}" ]; then
  echo "compare-models: PYTHON '$shown' is not an executable file or a command on PATH ($accepted)" >&2
  exit 2
fi
# One that runs but is not Python 3 (true, echo: exit 0 with nothing run;
# sh: a line per line of compare.py).
probe='import sys; print(sys.version_info[0])'
if [ -n "$py" ] && [ "$("$py" -c "$probe" < /dev/null 2> /dev/null)" != 3 ]; then
  echo "compare-models: PYTHON '$shown' is not a python3 interpreter (it does not run: $probe as 3; $accepted)" >&2
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
