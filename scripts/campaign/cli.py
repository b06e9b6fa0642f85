"""Command line of compare-models.sh: options -> settings (same shape as a
campaign file's) plus how to run them. Paths resolve from the caller's
directory; a bad option is one line naming it and the accepted values."""
import os
import re
import shlex

import campaign_file
import spec
from spec import CampaignError

USAGE = """\
usage: compare-models.sh [options] [-- smpirun options for every run]
       compare-models.sh --collect DIR [--log-scale] [--no-figures] [-q]
       compare-models.sh --resume DIR [-j N] [--log-scale] [--no-figures] [-q]

Simulates every program x platform x rank count x network model of a
campaign with smpirun, and writes a table (stdout), DIR/results.csv and
figures in DIR/figures/ (SVG and PDF). With no option: the built-in kernels
ft cg lu bigdft under contention SMPI CM02 LV08 IB loggps, 32 ranks on the
default platform. Details and the campaign file format: doc/comparison.md.

What to run (each option replaces the campaign file's list):
  --campaign FILE          campaign file (paths in it are relative to it)
  --program "[LABEL=]CMD [ARGS]"
                           an MPI program built with smpicc, with its
                           arguments, or a built-in kernel (ft cg lu bigdft);
                           repeat for several
  --workloads "ft cg ..."  built-in kernels (one --program each)
  --platform FILE|default  a SimGrid platform; repeat for several
  --hostfile FILE          hostfile of the --platform before it (the default
                           platform's is generated: 8 nodes x 4 cores)
  --np "N [N ...]"         rank counts, 1 to 1000000 (default 32)
  --models "SPEC ..."      network models, each [LABEL=]NAME[:key=value,...],
                           e.g. contention gige=contention:technology=gige
                           CM02:network/crosstraffic=0 (default: contention
                           SMPI CM02 LV08 IB loggps)
  --timeout SECONDS        kill a run after this wall time: status 'timeout'
                           (default 3600)
  --smpirun PATH           launcher (default: BUILD/bin/smpirun, which loads
                           the plugin; BUILD is $BUILD_DIR, default build, a
                           relative one from the repository)
How to run:
  -j N, --jobs N           simulations at once (default: number of cores)
  -q, --quiet              no progress lines
  --out DIR                results directory (default: BUILD/compare)
  --slurm                  submit a Slurm job array (one simulation per task)
                           and a job that collects the results when it ends
  --partition P  --time T  --sbatch-option OPT  --setup "CMD"
  --max-parallel N         Slurm settings (doc/comparison.md, "On a cluster")
  --wait                   with --slurm: wait for the results, print them
  --collect DIR            gather DIR's runs into the CSV, table and figures
  --resume DIR             run the runs of DIR's campaign that did not finish
                           (interrupted or not run), then report all; a
                           Slurm campaign once its jobs have ended
A results directory holds one campaign at a time: a second one refuses it.
A campaign replaces an earlier campaign's runs there, and removes no other
file; a directory with a results.csv, hostfile or run rows of no campaign
is refused.
Options writing a file (--cfg=contention/trace:FILE, tracing/filename,
-trace-file, --log=CAT.app:file:FILE; -trace alone writes smpirun's default
file) take {run} in FILE, replaced by each run's number; with runs at once,
they must. {run} in a program's arguments is replaced too.
Figures:
  --log-scale              logarithmic time axes
  --no-figures             CSV and table only
Checking:
  --check-options          check the options and the campaign file as far
                           as can be done without smpirun (models and
                           SimGrid options are checked when planning), run
                           nothing; built-in kernels and the build's
                           smpirun need not be built yet
Exit status: 0 every run succeeded; 1 a run failed, timed out or is
missing; 2 bad option or campaign file.
"""

VALUED = ("--campaign", "--program", "--workloads", "--platform", "--hostfile", "--np", "--models", "--timeout",
          "--smpirun", "-j", "--jobs", "--out", "--partition", "--time", "--sbatch-option", "--setup",
          "--max-parallel", "--collect", "--resume")
# Options that set one value: a second one would silently replace the first.
SINGLE = {"--campaign": "--campaign", "--np": "--np", "--timeout": "--timeout", "--smpirun": "--smpirun",
          "-j": "-j (--jobs)", "--jobs": "-j (--jobs)", "--out": "--out", "--partition": "--partition",
          "--time": "--time", "--max-parallel": "--max-parallel", "--collect": "--collect", "--resume": "--resume"}
# flag -> (setting, value)
FLAGS = {"-q": ("quiet", True), "--quiet": ("quiet", True), "--slurm": ("slurm", True), "--wait": ("wait", True),
         "--log-scale": ("log_scale", True), "--no-figures": ("figures", False), "-h": ("help", True),
         "--help": ("help", True), "--check-options": ("check", True)}


def build_dir():
    """$BUILD_DIR or build/, a relative one from the repository, as every
    script takes it (from the caller's directory here only, it ran another
    build's smpirun, or none, than validate.py and setup.sh)."""
    return spec.resolve(spec.REPO, os.environ.get("BUILD_DIR") or "build")


def parse(argv):
    """argv -> (settings from options, how-to-run dict)."""
    try:
        cwd = os.getcwd()
    except FileNotFoundError:  # (an OSError without a file name: "compare-models: No such file or directory")
        if "--collect" in argv or "--resume" in argv:
            cwd = "/"  # their DIR is resolved below; a relative one fails there, naming it
        else:
            raise CampaignError("the current directory no longer exists (deleted or moved): run compare-models.sh "
                                "from an existing directory, from which relative paths resolve") from None
    build = build_dir()
    s = campaign_file.empty_settings()
    run = {"campaign": None, "jobs": None, "quiet": False, "out": None, "slurm": False, "wait": False,
           "collect": None, "resume": None, "log_scale": False, "figures": True, "help": False, "run_one": None,
           "check": False}
    raw_platforms = []  # [text, hostfile or None]
    once = set()  # SINGLE's options given
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            s["smpirun_args"] = argv[i + 1:]
            break
        if a == "--run-one":  # internal: one Slurm array task
            if len(argv) - i < 3:
                raise CampaignError("--run-one expects a results directory and a run index")
            run["run_one"] = (spec.resolve(cwd, argv[i + 1]), argv[i + 2])
            i += 3
            continue
        if a not in VALUED and a not in FLAGS:
            raise CampaignError(f"unknown option '{a}' (accepted: {' '.join(VALUED + tuple(FLAGS))} --; see --help)")
        if a in FLAGS:
            key, value = FLAGS[a]
            run[key] = value
            i += 1
            continue
        if i + 1 >= len(argv):
            raise CampaignError(f"option {a} expects a value (see --help)")
        v = argv[i + 1]
        i += 2
        where = f"option {a} '{v}'"
        if a in SINGLE:
            if SINGLE[a] in once:
                raise CampaignError(f"{where}: {SINGLE[a]} is given twice; accepted: one {SINGLE[a]}")
            once.add(SINGLE[a])
        if v == "" and a in ("--campaign", "--out", "--collect", "--resume", "--smpirun", "--platform", "--hostfile"):
            # os.path.abspath('') is the current directory: no silent default.
            raise CampaignError(f"{where}: expects a path, got an empty one")
        if a == "--campaign":
            run["campaign"] = spec.resolve(cwd, v)
        elif a == "--program":
            try:
                words = shlex.split(v)
            except ValueError as e:
                raise CampaignError(f"{where}: {e}")
            s["programs"].append(spec.parse_program(words, where, cwd, build))
            spec.check_unique(s["programs"], "program", where)
        elif a == "--workloads":
            if not v.split():
                raise CampaignError(f"{where}: expects built-in kernels ({' '.join(spec.BUILTIN_KERNELS)})")
            for w in v.split():
                if w not in spec.BUILTIN_KERNELS:
                    raise CampaignError(f"{where}: unknown workload '{w}' (accepted: {' '.join(spec.BUILTIN_KERNELS)}; "
                                        f"other programs: --program)")
                s["programs"].append(spec.parse_program([w], where, cwd, build))
                spec.check_unique(s["programs"], "program", where)
        elif a == "--platform":
            raw_platforms.append([v, None])
        elif a == "--hostfile":
            if not raw_platforms or raw_platforms[-1][1] is not None:
                raise CampaignError(f"{where}: give --hostfile after the --platform it belongs to")
            raw_platforms[-1][1] = v
        elif a == "--np":
            s["ranks"] = spec.parse_ranks(v.replace(",", " ").split(), where)
        elif a == "--models":
            if not v.split():
                raise CampaignError(f"{where}: expects models, e.g. \"contention SMPI contention:technology=gige\"")
            for m in v.split():
                s["models"].append(spec.parse_model(m, [], where))
                spec.check_unique(s["models"], "model", where)
        elif a == "--timeout":
            s["timeout"] = spec.parse_timeout(v, where)
        elif a == "--smpirun":
            s["smpirun"] = spec.resolve(cwd, v) if "/" in v else v
        elif a in ("-j", "--jobs"):
            if not re.fullmatch(r"[0-9]+", v) or int(v) < 1:  # (str.isdigit() takes '²', which int() refuses)
                raise CampaignError(f"{where}: expects a positive number of simultaneous runs")
            run["jobs"] = int(v)
        elif a == "--out":
            run["out"] = spec.resolve(cwd, v)
        elif a == "--collect":
            run["collect"] = spec.resolve(cwd, v)
        elif a == "--resume":
            run["resume"] = spec.resolve(cwd, v)
        else:  # Slurm settings, validated like the campaign file's
            key = {"--partition": "partition", "--time": "time", "--sbatch-option": "option", "--setup": "setup",
                   "--max-parallel": "max-parallel"}[a]
            campaign_file.parse_slurm([key, v], s["slurm"], where)
    for text, hostfile in raw_platforms:
        where = f"option --platform '{text}'"
        s["platforms"].append(spec.parse_platform(text, hostfile, where, cwd))
        spec.check_unique_platforms(s["platforms"], where)
    if run["jobs"] and run["slurm"]:
        raise CampaignError("option -j applies to local runs; with --slurm, limit the simultaneous tasks with "
                            "--max-parallel N")
    if run["wait"] and not run["slurm"]:
        raise CampaignError("option --wait applies to --slurm only")
    # (--out too: a --collect DIR --out OTHER gathered DIR, OTHER silently unused)
    given = [a for a in argv if a in VALUED + ("--slurm", "--wait", "--") and a != "--collect"]
    if run["collect"] and (given or run["campaign"]):
        raise CampaignError(f"option --collect gathers a finished campaign: it takes only --log-scale, --no-figures "
                            f"and -q, not {given[0] if given else '--campaign'}")
    given = [a for a in given if a not in ("--resume", "-j", "--jobs")]
    if run["resume"] and (given or run["collect"]):
        raise CampaignError(f"option --resume runs the rest of DIR's campaign as it was planned: it takes only -j, "
                            f"--log-scale, --no-figures and -q, not {given[0] if given else '--collect'}")
    return s, run


def merge(file_s, cli_s, build):
    """Campaign file settings overridden by the command line's, then defaults."""
    s = dict(file_s)
    for key in ("programs", "platforms", "ranks", "models"):
        if cli_s[key]:
            s[key] = cli_s[key]
    for key in ("timeout", "smpirun"):
        if cli_s[key] is not None:
            s[key] = cli_s[key]
    if s["timeout"] is None:
        s["timeout"] = spec.DEFAULT_TIMEOUT
    s["smpirun_args"] = file_s["smpirun_args"] + cli_s["smpirun_args"]
    slurm = dict(file_s["slurm"])
    for key in ("partition", "time", "max_parallel"):
        if cli_s["slurm"][key] is not None:
            slurm[key] = cli_s["slurm"][key]
    slurm["options"] = file_s["slurm"]["options"] + cli_s["slurm"]["options"]
    slurm["setup"] = file_s["slurm"]["setup"] + cli_s["slurm"]["setup"]
    s["slurm"] = slurm
    if not s["programs"]:
        s["programs"] = [spec.parse_program([k], "default programs", build, build) for k in spec.BUILTIN_KERNELS]
    if not s["platforms"]:
        s["platforms"] = [spec.parse_platform("default", None, "default platform", build)]
    if not s["ranks"]:
        s["ranks"] = list(spec.DEFAULT_RANKS)
    if not s["models"]:
        s["models"] = [spec.parse_model(m, [], "default models") for m in spec.DEFAULT_MODELS]
    return s
