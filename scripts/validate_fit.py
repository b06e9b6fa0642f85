#!/usr/bin/env python3
"""Fits of the technology parameters read from Vienne et al. 2008, Fig. 2
(doc/validation.md): for each fitted family, the parameters that minimise
the mean E_abs of schemes 2-6 (step solver, build/bin/contention-compare),
the in-sample E_abs per scheme, and the leave-one-scheme-out E_abs (each
scheme predicted with the parameters fitted on the other four). The model
is the core's; this script only searches a grid and averages.

usage: scripts/validate_fit.py [--family gige-recv|infinihost|all]
Exit status: 0, 1 if contention-compare fails, 2 on a bad option.
"""
import argparse
import csv
import io
import itertools
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMES = (2, 3, 4, 5, 6)


def grid(lo, hi, step):
    n = int(round((hi - lo) / step))
    return [round(lo + k * step, 6) for k in range(n + 1)]


# family: (technology, data column of Fig. 2, {parameter: grid}, fixed parameters)
FAMILIES = {
    "gige-recv": ("gige", "gige", {"recv": grid(0.0, 1.5, 0.01)}, {}),
    "infinihost": ("infinihost", "infiniband", {"share": grid(0.80, 0.95, 0.005), "recv": grid(0.0, 0.5, 0.01)},
                   {}),
}


class CompareError(Exception):
    pass


def eabs(compare, tech, column, params, cache):
    """{scheme: E_abs} for one parameter set."""
    key = (tech, column, params)
    if key in cache:
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


def main(argv):
    p = argparse.ArgumentParser(prog="validate_fit.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--family", default="all", choices=list(FAMILIES) + ["all"])
    a = p.parse_args(argv)
    compare = os.path.join(ROOT, os.environ.get("BUILD_DIR", "build"), "bin", "contention-compare")
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
    sys.exit(main(sys.argv[1:]))
