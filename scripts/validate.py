#!/usr/bin/env python3
# An assignment, not a docstring: python -OO (PYTHONOPTIMIZE=2) drops
# docstrings, and --help, which prints this text, ended in a traceback.
__doc__ = """Validation against the papers' measurements, in one command.

Runs every measured dataset of the papers held in data/ (list:
scripts/validate-datasets.txt) as the papers' benchmark does it (all comms
start together, build/bin/contention-bench-run) through smpirun on the
testbed's <cluster> platform, under every network model, and prints per
dataset and model E_abs against the measured times, with the paper's own
model error beside it. Writes OUT/comms.csv (E_rel per comm), OUT/eabs.csv
and OUT/validation.svg. A second table runs the contention model on the
platform styles (SPLITDUPLEX <cluster> and FATPIPE zone by default; a SHARED
<cluster> with --styles, whose private link is one capacity for both
directions, which the papers' full-duplex cards are not).
Every input (the list, data files, platforms, the output directory) is
checked before the first run. Each run's wall time is bounded (--timeout,
default 600 s): a run beyond it is killed and reported as FAILED.
Exit status: 0, 1 if any run failed (reported as FAILED) or an input file
is bad or an output cannot be written, 2 on a bad option.
Details: doc/validation.md.

usage: scripts/validate.py [--datasets REGEX] [--models "contention SMPI CM02 LV08 IB loggps"]
           [--styles "splitduplex fatpipe" (default; also shared) | none] [--platform TESTBED=FILE]...
           [--jobs N] [--timeout S] [--out DIR] [--manifest FILE] [--list]
"""
import sys

# A Ctrl-C while Python loads the modules (nothing started yet) is one
# line, not a traceback.
try:
    import argparse
    import os
    import re
    import signal

    # The script's own directory, symlinks resolved: through a symlink
    # elsewhere (~/bin/validate) the campaign's modules were not found (a
    # ModuleNotFoundError traceback) and the default manifest was missed.
    HERE = os.path.dirname(os.path.realpath(__file__))
    sys.path.insert(0, HERE)
    # console, lock and run_watchdog are shared with the campaign. Before
    # PYTHONPATH and site-packages: appended, a lock.py or console.py there
    # was imported instead (an AttributeError traceback at the first run).
    sys.path.insert(1, os.path.join(HERE, "campaign"))
    import console
    import stopping
    import lock
    from spec import resolve
    from validate_chart import write_svg
    from validate_inputs import InputError, Platform, UsageError, load_manifest
    from validate_report import (Result, better_models, paper_eabs, pct, print_table, write_comms_csv,
                                 write_eabs_csv)
    from validate_runs import DEFAULT_TIMEOUT, MODELS, STYLES, Run, execute, style_platform
except KeyboardInterrupt:
    sys.stderr.write("validate: interrupted\n")
    sys.exit(130)

ROOT = os.path.dirname(HERE)


class OneLineParser(argparse.ArgumentParser):
    """Usage errors in one line (argparse prints its usage first)."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: {console.shown(message)} (see --help)\n")
        sys.exit(2)


class Once(argparse.Action):
    """A single-valued option: a second one silently replaced the first."""

    def __call__(self, parser, namespace, values, option_string=None):
        given = namespace.__dict__.setdefault("_given", set())
        if self.dest in given:
            parser.error(f"{self.option_strings[0]} is given twice (accepted: one {self.option_strings[0]})")
        given.add(self.dest)
        setattr(namespace, self.dest, values)


# Plain ASCII decimal numbers: int() and float() also take '1_0' (10),
# ' 2' and '٣' (3), which a typo then passed silently.
def whole_number(text):
    if not re.fullmatch(r"[0-9]+", text, re.ASCII):
        raise argparse.ArgumentTypeError(f"expected a positive integer, got '{text}'")
    return int(text)


def seconds(text):
    if not re.fullmatch(r"([0-9]*\.?[0-9]+|[0-9]+\.)([eE][-+]?[0-9]+)?", text, re.ASCII):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds (such as 600 or 1.5e3), got '{text}'")
    return float(text)


def parse_args(argv):
    # No abbreviations: a typo such as --ou or --model silently stood for another option.
    p = OneLineParser(prog="validate.py", description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.register("action", "once", Once)
    p.add_argument("--datasets", action="once", default="",
                   help="only datasets whose name matches this regular expression")
    p.add_argument("--models", action="once", default=" ".join(MODELS), help="models of the main table (default: all)")
    p.add_argument("--styles", action="once", default="splitduplex fatpipe",
                   help="platform styles of the second table, contention model only: the list replaces the "
                        "default 'splitduplex fatpipe' (accepted: splitduplex, fatpipe, shared; 'none': no table)")
    p.add_argument("--platform", action="append", default=[], metavar="TESTBED=FILE",
                   help="run TESTBED's datasets on FILE instead of its shipped platform (repeatable)")
    p.add_argument("--jobs", action="once", type=whole_number, default=os.cpu_count() or 1,
                   help="smpirun runs at a time")
    p.add_argument("--timeout", action="once", type=seconds, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"wall-time bound of each run in seconds (default: {DEFAULT_TIMEOUT:g})")
    p.add_argument("--out", action="once", default=None, help="output directory (default: BUILD/validation)")
    p.add_argument("--manifest", action="once", default=os.path.join(ROOT, "scripts", "validate-datasets.txt"),
                   help="the dataset list (default: scripts/validate-datasets.txt; its paths are relative "
                        "to the repository)")
    p.add_argument("--list", action="store_true", help="list the datasets and exit")
    a = p.parse_args(argv)
    models, styles = a.models.split(), a.styles.split()
    # An empty value (an unset shell variable) ran no model, exit 0: 'none' says no styles table.
    if not models:
        p.error(f"--models: expects models (accepted: {', '.join(MODELS)})")
    if not styles:
        p.error(f"--styles: expects styles (accepted: {', '.join(STYLES)}, none)")
    if "none" in styles and len(styles) > 1:  # (it was "unknown style 'none'", none among the accepted values)
        other = next((s for s in styles if s != "none"), None)
        if other is None:
            p.error("--styles: 'none' is given twice (accepted: each once)")
        p.error(f"--styles: 'none' (no styles table) goes alone, not with '{other}' (accepted: styles among "
                f"{', '.join(STYLES)}, or none alone)")
    if styles == ["none"]:
        styles = []
    for m in models:
        if m not in MODELS:
            p.error(f"--models: unknown model '{m}' (accepted: {', '.join(MODELS)})")
    for s in styles:
        if s not in STYLES:
            p.error(f"--styles: unknown style '{s}' (accepted: {', '.join(STYLES)}, none)")
    for opt, names in (("--models", models), ("--styles", styles)):  # (a column and CSV rows twice)
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice:
            p.error(f"{opt}: '{twice}' is given twice (accepted: each once)")
    if a.jobs < 1:
        p.error(f"--jobs: expected a positive integer, got {a.jobs}")
    if not (a.timeout > 0 and a.timeout < float("inf")):
        p.error(f"--timeout: expected a positive number of seconds, got {a.timeout}")
    try:
        a.pattern = re.compile(a.datasets)
    except re.error as e:
        p.error(f"--datasets: bad regular expression '{a.datasets}': {e}")
    except (OverflowError, RecursionError):  # x{99999999999}, ((((...)))) 1000 deep: a traceback
        p.error(f"--datasets: bad regular expression '{a.datasets[:60]}{'...' if len(a.datasets) > 60 else ''}': "
                f"a repeat count too large or parentheses nested too deep (accepted: a Python regular "
                f"expression, e.g. 'martinasso|vienne')")
    a.models, a.styles = models, styles
    a.platforms = {}
    for spec in a.platform:
        name, eq, path = spec.partition("=")
        if not eq or not name or not path:
            p.error(f"--platform: expected TESTBED=FILE, got '{spec}'")
        if name in a.platforms:  # the last one silently replaced the first
            p.error(f"--platform: testbed '{name}' is given twice (accepted: one --platform per testbed)")
        try:
            a.platforms[name] = resolve(os.getcwd(), path)  # (lnk/../FILE: beside lnk's target, as the shell)
        except FileNotFoundError:  # getcwd: the top level blamed standard output
            p.error(f"--platform: '{path}' is relative and the current directory no longer exists (deleted or "
                    f"moved); accepted: an absolute path, or run from an existing directory")
    if a.out == "" or a.manifest == "":  # '' would be the default: no silent default
        p.error(f"--{'out' if a.out == '' else 'manifest'}: expects a path, got an empty one")
    return a


def plan(datasets, testbeds, models):
    """Results of the main table (every model, on the shipped platform), and
    the shipped platforms by testbed: every input file read and checked."""
    shipped, results = {}, []
    for ds in datasets:
        tb = testbeds[ds.testbed]
        if tb.name not in shipped:
            shipped[tb.name] = Platform(tb.platform)
        pf = shipped[tb.name]
        if ds.unit == "s" and abs(ds.bandwidth - pf.bw) > 1e-6 * pf.bw:
            raise InputError(f"{ds.where}: {ds.path} has bandwidth {ds.bandwidth:.12g} B/s but the node links of "
                             f"{tb.platform} carry {pf.bw:.12g} B/s (they must agree for unit=s)")
        for m in models:
            results.append(Result(ds, tb, pf, pf.style, m, pf.place(ds), main=True))
    return results, shipped


def plan_styles(datasets, testbeds, models, styles, shipped, gen, out):
    """Results of the styles table (contention only, one per style; the
    shipped platform stands for its own style)."""
    derived, results = {}, []
    pdir = os.path.join(out, "platforms")
    for ds in datasets:
        tb = testbeds[ds.testbed]
        for s in styles:
            if (tb.name, s) not in derived:
                derived[(tb.name, s)] = style_platform(shipped[tb.name], s, gen, pdir, tb.name)
            pf = derived[(tb.name, s)]
            if pf is not None and not (pf is shipped[tb.name] and "contention" in models):
                results.append(Result(ds, tb, pf, s, "contention", pf.place(ds)))
    return results


def run_all(results, bench_run, work, jobs, timeout):
    runs = {}

    def run_for(graph, r):
        # the technology matters to the contention model only
        key = (graph, r.platform.path, r.model, r.testbed.technology if r.model == "contention" else None)
        return runs.setdefault(key, Run(graph, r.platform, r.model, r.testbed.technology))

    wanted = []
    for r in results:
        m = r.mapping
        graph = tuple((c["id"], m[c["src"]], m[c["dst"]], c["size"]) for c in r.ds.comms)
        main = run_for(graph, r)
        ref = run_for(graph[:1], r) if r.ds.unit == "tref" else None
        wanted.append((r, main, ref))
    execute(list(runs.values()), bench_run, work, jobs, timeout)
    for r, main, ref in wanted:
        for run in (main, ref):
            if run is not None and run.error is not None and r.error is None:
                r.error, r.log = run.error, run.log
        if r.error is None:
            r.log = main.log
            t_ref = ref.times[ref.graph[0][0]] if ref is not None else 1.0
            r.simulated = {k: v / t_ref for k, v in main.times.items()}
    return len(runs)


OUTPUTS = ("comms.csv", "eabs.csv", "validation.svg")


# The files of a run in OUT/runs (validate_runs._one): a former validation's
# are removed, so that runs/ holds this one's only (its later runs stayed,
# and a run stopped before its log paired its .cmd with the former .log).
RUN_FILE = re.compile(r"run[0-9]{4,}\.(cmd|graph|log)")


def prepare_out(out):
    """Creates the output directory, removes a former validation's run files
    and checks that each output file can be written (a few bytes each, so a
    full disk is found before the runs)."""
    runs = os.path.join(out, "runs")
    try:
        os.makedirs(runs, exist_ok=True)
        os.makedirs(os.path.join(out, "platforms"), exist_ok=True)
    except OSError as e:
        raise UsageError(f"--out: cannot create the output directory {out}: {e.strerror} "
                         "(accepted: a writable directory)")
    try:
        for name in os.listdir(runs):
            if RUN_FILE.fullmatch(name):
                os.remove(os.path.join(runs, name))
    except OSError as e:
        raise InputError(f"{e.filename or runs}: cannot remove a former validation's run file: {e.strerror}")
    for name in OUTPUTS:
        path = os.path.join(out, name)
        try:
            with open(path, "w") as f:
                f.write("validate: not written yet\n")
        except OSError as e:
            raise InputError(f"{path}: cannot write: {e.strerror}")


def hold_out(out):
    """One validation at a time in an output directory: an flock on
    OUT/validate.lock, dropped by the kernel however the process ends. Two
    at once overwrote each other's runs/runNNNN.graph: runs failed or
    simulated the other's graph. A directory that cannot be made is left to
    prepare_out's error."""
    try:
        lock.take(out, "validate.lock")
    except lock.Busy as e:
        raise UsageError(f"--out: {out} is in use by another validate.py ({e.owner}): wait for it to end, or give "
                         f"another --out DIR") from None
    except OSError:
        pass


def main(argv):
    a = parse_args(argv)
    build = os.path.join(ROOT, os.environ.get("BUILD_DIR") or "build")  # relative: the repository's
    out = a.out or os.path.join(build, "validation")
    bench_run = os.path.join(build, "bin", "contention-bench-run")
    gen = os.path.join(build, "bin", "contention-platform-gen")
    try:
        testbeds, datasets = load_manifest(a.manifest, ROOT)
        for name, path in a.platforms.items():
            if name not in testbeds:
                raise UsageError(f"--platform: unknown testbed '{name}' (accepted: {', '.join(testbeds)})")
            testbeds[name].platform = path
        datasets = [d for d in datasets if a.pattern.search(d.name)]
        if not datasets:
            raise UsageError(f"--datasets: no dataset matches '{a.datasets}' (see --list)")
        if a.list:
            for d in datasets:
                print(f"{d.name:30s} {d.testbed:12s} {len(d.comms):3d} comms  {os.path.relpath(d.path, ROOT)}")
            return 0
        results, shipped = plan(datasets, testbeds, a.models)
        hold_out(out)
        prepare_out(out)
        for tool in (bench_run, gen):
            if not os.access(tool, os.X_OK):
                raise InputError(f"{tool}: not built (run scripts/setup.sh, or set BUILD_DIR)")
        results += plan_styles(datasets, testbeds, a.models, a.styles, shipped, gen, out)
    except UsageError as e:  # (shown: a file name with a line end is still one line)
        print(f"validate: {console.shown(str(e))}", file=sys.stderr)
        return 2
    except InputError as e:
        print(f"validate: {console.shown(str(e))}", file=sys.stderr)
        return 1
    print(f"validate: {len(datasets)} dataset(s), models {' '.join(a.models)}, styles "
          f"{' '.join(a.styles) or 'none'}; {a.jobs} runs at a time, each bounded to {a.timeout:g} s "
          "of wall time (--timeout)", file=sys.stderr)
    try:
        nruns = run_all(results, bench_run, os.path.join(out, "runs"), a.jobs, a.timeout)
    except OSError as e:
        print(f"validate: {console.shown(str(e.filename or out))}: cannot write a run's files: {e.strerror}",
              file=sys.stderr)
        return 1
    path = None
    try:
        for path, write in ((os.path.join(out, "comms.csv"), lambda p: write_comms_csv(p, results)),
                            (os.path.join(out, "eabs.csv"), lambda p: write_eabs_csv(p, results))):
            write(path)
        path = "standard output"
        report(sys.stdout, results, datasets, a)
        sys.stdout.flush()
        path = os.path.join(out, "validation.svg")
        write_svg(path, datasets, a.models, lambda ds, m: _find(results, ds, m), paper_eabs,
                  lambda r: bool(better_models(results, r)))
    except OSError as e:
        print(f"validate: {console.shown(path)}: cannot write: {e.strerror}", file=sys.stderr)
        return 1
    failed = [r for r in results if r.error is not None]
    for r in failed:
        print(f"validate: {r.ds.name} {r.model} on {os.path.relpath(r.platform.path, ROOT)}: FAILED: {r.error}, "
              f"see {r.log}", file=sys.stderr)
    print(f"{nruns} smpirun runs; per-comm errors: {out}/comms.csv; E_abs: {out}/eabs.csv; "
          f"chart: {out}/validation.svg")
    return 1 if failed else 0


def _find(results, ds, model, style=None):
    """The main table's result (style None), or the style's."""
    for r in results:
        if r.ds is ds and r.model == model and (r.main if style is None else r.style == style):
            return r
    return None


def report(out, results, datasets, a):
    def paper(ds):
        v, src = paper_eabs(ds)
        return "-" if v is None else pct(v) + ("" if src == "printed" else "*")

    def fit(ds):
        return "fit: " + ds.fit.replace(",", ", ") if ds.fit else "held out"

    shipped = sorted({(r.testbed.name, os.path.relpath(r.platform.path, ROOT)) for r in results if r.main})
    print_table(out, "E_abs (%) of the simulated times against the measured ones, on "
                + ", ".join(f"{p} ({t})" for t, p in shipped)
                + ";\npaper = the paper's own model (* computed from its printed predicted column); "
                "! = the contention model is worse than another model;\nfit: the parameters fitted on "
                "the dataset, or held out:", datasets, a.models, lambda ds, m: _find(results, ds, m),
                [("paper", paper), ("fit", fit)], mark=lambda r: "!" if better_models(results, r) else "")
    if a.styles:
        print_table(out, "E_abs (%) of the contention model on the platform styles (n/a: no such style "
                    "for a two-level platform):", datasets, a.styles,
                    lambda ds, s: _find(results, ds, "contention", s))


if __name__ == "__main__":
    # (inside the try: a Ctrl-C while they are set was a traceback)
    console.open_closed_stderr()
    try:
        # SIGTERM and SIGHUP stop it as Ctrl-C, also outside the runs (they
        # killed it with no line while it checked its inputs); the first
        # one only, one ignored at start (nohup) stays ignored.
        stopping.stop_on_first_signal(KeyboardInterrupt, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `validate.py | head` ends quietly
        # A SIGCHLD ignored by whatever started us (inherited through exec):
        # the kernel reaps the children and subprocess reports exit status 0
        # for each, so a technology contention-predict refuses passed the checks.
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        # An --out path that is not UTF-8 printed as given, a dataset name the
        # output's encoding lacks (PYTHONIOENCODING=ascii) with escapes.
        console.escape_stdout()
        status = main(sys.argv[1:])
        sys.stdout.flush()
    except OSError as e:  # e.g. stdout on a full disk (--list > /dev/full)
        print(f"validate: standard output: cannot write: {e.strerror}", file=sys.stderr)
        # the interpreter's own flush at exit would fail again, noisily
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # (fd 1: sys.stdout is None when it was closed at start)
        status = 1
    except KeyboardInterrupt as e:  # a signal outside the runs (reading and checking the inputs, writing the results)
        print("validate: interrupted", file=sys.stderr)
        status = 128 + int(e.args[0] if e.args else signal.SIGINT)
    sys.exit(status)
