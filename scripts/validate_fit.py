#!/usr/bin/env python3
# An assignment, not a docstring: python -OO (PYTHONOPTIMIZE=2) drops
# docstrings, and --help, which prints this text, ended in a traceback.
__doc__ = """Fits of the technology parameters read from Vienne et al. 2008, Fig. 2
(doc/validation.md): for each fitted family, the parameters that minimise
the mean E_abs of schemes 2-6 (step solver, build/bin/contention-compare),
the in-sample E_abs per scheme, and the leave-one-scheme-out E_abs (each
scheme predicted with the parameters fitted on the other four). The model
is the core's; this script only searches a grid and averages.

Family gige-limiter fits a node limiter link (the card's duplex limit,
LIMITER x B shared by every comm to and from a node): at each step the
core's gige penalties (contention-predict --penalties on the comms still
running) give each comm its demand B / penalty, shared max-min on the
limiters, as the plugin does in SimGrid (15.39 and 24.89 % measured there
on schemes 5 and 6 at 1.54 B, doc/validation.md).

usage: scripts/validate_fit.py [--family gige-recv|infinihost|gige-limiter|all]
Exit status: 0, 1 if a core tool fails, 2 on a bad option.
"""
import sys

# A Ctrl-C while Python loads the modules is one line, not a traceback.
try:
    import argparse
    import csv
    import io
    import itertools
    import os
    import signal
    import subprocess
    import tempfile
    import xml.etree.ElementTree as ET
except KeyboardInterrupt:
    sys.stderr.write("validate_fit: interrupted\n")
    sys.exit(130)

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # (symlinks resolved)
SCHEMES = (2, 3, 4, 5, 6)


def grid(lo, hi, step):
    n = int(round((hi - lo) / step))
    return [round(lo + k * step, 6) for k in range(n + 1)]


# family: (technology, data column of Fig. 2, {parameter: grid}, fixed parameters)
FAMILIES = {
    "gige-recv": ("gige", "gige", {"recv": grid(0.0, 1.5, 0.01)}, {}),
    "infinihost": ("infinihost", "infiniband", {"share": grid(0.80, 0.95, 0.005), "recv": grid(0.0, 0.5, 0.01)},
                   {}),
    "gige-limiter": ("gige", "gige", {"limiter": grid(1.20, 2.00, 0.01)}, {}),
}


class CompareError(Exception):
    pass


def read_scheme(column, s):
    """[(id, src, dst, measured)] of a Fig. 2 scheme (times in t_ref), its
    measured= read as validate.py reads it (units s, ms, us, ns): float()
    alone ended in a traceback on '1.5s', which the other tools take.
    CompareError (one line naming the file) if it cannot be read."""
    from validate_inputs import _TIME, InputError, quantity  # (scripts/campaign on the path: __main__)
    path = os.path.join(ROOT, "data", "seed001-fig2", f"scheme{s}-{column}.xml")
    try:
        root = ET.parse(path).getroot()
        return [(c.get("id"), c.get("src"), c.get("dst"),
                 quantity(c.get("measured"), _TIME, f"{path}: comm '{c.get('id')}': measured"))
                for c in root.iter("comm")]
    except OSError as e:
        raise CompareError(f"{path}: cannot read: {e.strerror}")
    except ET.ParseError as e:
        raise CompareError(f"{path}:{e.position[0]}: not well-formed XML")
    except InputError as e:
        raise CompareError(str(e))


def penalties(predict, tech, comms, cache):
    """The core's penalties of a set of comms (all started together)."""
    key = (tech, comms)
    if key not in cache:
        text = '<scenario bandwidth="1">' + "".join(
            f'<comm id="{i}" src="{s}" dst="{d}" size="1"/>' for i, s, d in comms) + "</scenario>\n"
        with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as f:
            f.write(text)
        try:
            r = subprocess.run([predict, "--technology", tech, "--penalties", "--format", "csv", f.name],
                               capture_output=True, text=True)
        finally:
            os.unlink(f.name)
        if r.returncode != 0:
            raise CompareError(f"contention-predict: {r.stderr.strip()}")
        cache[key] = {row["comm"]: float(row["penalty"]) for row in csv.DictReader(io.StringIO(r.stdout))}
    return cache[key]


def maxmin(demands, groups, capacity):
    """Max-min shares of the demands {comm: rate} on groups (sets of comms
    sharing one limiter of the given capacity)."""
    rate, left = {}, set(demands)
    while left:
        level, tight = None, None
        for g in groups:
            free = [c for c in g if c in left]
            if free:
                share = (capacity - sum(rate[c] for c in g if c in rate)) / len(free)
                if level is None or share < level:
                    level, tight = share, free
        smallest = min(left, key=lambda c: demands[c])
        if level is None or demands[smallest] <= level:
            rate[smallest] = demands[smallest]
            left.discard(smallest)
        else:
            for c in tight:
                rate[c] = level
                left.discard(c)
    return rate


def limiter_eabs(predict, tech, column, params, cache):
    """{scheme: E_abs} of the gige rules under a node limiter (the step loop
    of the predictor, rates = max-min share of the demands)."""
    limiter = dict(params)["limiter"]
    out = {}
    for s in SCHEMES:
        data = read_scheme(column, s)
        left = {i: 1.0 for i, _, _, _ in data}
        ends, t = {}, 0.0
        while left:
            active = tuple((i, a, b) for i, a, b, _ in data if i in left)
            p = penalties(predict, tech, active, cache)
            hosts = {h for _, a, b in active for h in (a, b)}
            groups = [{i for i, a, b in active if h in (a, b)} for h in hosts]
            rate = maxmin({i: 1.0 / p[i] for i, _, _ in active}, groups, limiter)
            dt = min(left[i] / rate[i] for i in left)
            t += dt
            for i in list(left):
                left[i] -= dt * rate[i]
                if left[i] <= 1e-12:
                    ends[i] = t
                    del left[i]
        out[s] = sum(abs(ends[i] - m) / m for i, _, _, m in data) / len(data) * 100
    return out


def eabs(compare, tech, column, params, cache):
    """{scheme: E_abs} for one parameter set."""
    key = (tech, column, params)
    if key in cache:
        return cache[key]
    if "limiter" in dict(params):
        cache[key] = limiter_eabs(os.path.join(os.path.dirname(compare), "contention-predict"), tech, column,
                                  params, cache)
        return cache[key]
    cmd = [compare, "--technology", tech, "--format", "csv"]
    for name, value in params:
        cmd += ["--param", f"{name}={value:g}"]
    cmd += [os.path.join(ROOT, "data", "seed001-fig2", f"scheme{s}-{column}.xml") for s in SCHEMES]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise CompareError(f"{' '.join(cmd)}: {r.stderr.strip()}")
    out = {}
    for row in csv.DictReader(io.StringIO(r.stdout)):
        if row["comm"] == "E_abs":
            out[int(os.path.basename(row["scenario"])[6])] = float(row["e_rel"])
    cache[key] = out
    return out


def fit(compare, family):
    tech, column, grids, fixed = FAMILIES[family]
    names = list(grids)
    sets = [tuple(zip(names, values)) + tuple(fixed.items()) for values in itertools.product(*grids.values())]
    cache = {}

    def best(schemes):
        return min(sets, key=lambda p: sum(eabs(compare, tech, column, p, cache)[s] for s in schemes))

    p_all = best(SCHEMES)
    inside = eabs(compare, tech, column, p_all, cache)
    loo = {}
    for s in SCHEMES:
        p = best([x for x in SCHEMES if x != s])
        loo[s] = (p, eabs(compare, tech, column, p, cache)[s])
    return p_all, inside, loo


def fmt(params):
    return " ".join(f"{n}={v:g}" for n, v in params)


class OneLineParser(argparse.ArgumentParser):
    """A usage error in one line (argparse prints its usage line first)."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: {message} (see --help)\n")
        sys.exit(2)


def main(argv):
    # No abbreviations: '--family A --fam B' ran B only, past the check below.
    p = OneLineParser(prog="validate_fit.py", description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--family", default="all", choices=list(FAMILIES) + ["all"])
    a = p.parse_args(argv)
    if sum(w == "--family" or w.startswith("--family=") for w in argv) > 1:  # the last one silently won
        p.error("--family is given twice (accepted: one --family)")
    compare = os.path.join(ROOT, os.environ.get("BUILD_DIR") or "build", "bin", "contention-compare")
    if not os.access(compare, os.X_OK):
        print(f"validate_fit: {compare}: not built (run scripts/setup.sh, or set BUILD_DIR)", file=sys.stderr)
        return 1
    for family in FAMILIES if a.family == "all" else [a.family]:
        try:
            p_all, inside, loo = fit(compare, family)
        except CompareError as e:
            print(f"validate_fit: {e}", file=sys.stderr)
            return 1
        print(f"{family}: fitted on schemes 2-6: {fmt(p_all)}")
        print(f"  {'scheme':8s}{'in-sample':>11s}{'held out':>10s}  parameters fitted on the other four")
        for s in SCHEMES:
            print(f"  {s:<8d}{inside[s]:11.1f}{loo[s][1]:10.1f}  {fmt(loo[s][0])}")
        print(f"  {'mean':8s}{sum(inside.values()) / 5:11.1f}{sum(v for _, v in loo.values()) / 5:10.1f}")
    return 0


if __name__ == "__main__":
    try:
        # (a closed or read-only standard error: usage errors exited 1, not 2)
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "campaign"))
        import console
        import stopping
        console.open_closed_stderr()
        # SIGTERM and SIGHUP stop it as Ctrl-C (they killed it with no
        # line); the first one only, one ignored at start (nohup) stays so.
        stopping.stop_on_first_signal(KeyboardInterrupt, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
        # (an inherited ignored SIGCHLD: every tool's exit status read as 0)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        # The report is the output: closed at start (>&-), it was lost, exit 0.
        console.escape_stdout()
        status = main(sys.argv[1:])
        sys.stdout.flush()
        sys.exit(status)
    except OSError as e:  # a full disk: an OSError traceback ended the report
        if sys.stdout is not None:  # (the exit's own flush would fail again, noisily)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        # (a file of its own, a temporary scenario, is named; a write to
        # standard output names none)
        print(f"validate_fit: {e.filename or 'standard output'}: {e.strerror or e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt as e:  # a signal during the grid search: one line, not a traceback
        print("validate_fit: interrupted", file=sys.stderr)
        sys.exit(128 + int(e.args[0] if e.args else signal.SIGINT))
