"""Expands a campaign into its runs (program x platform x ranks x model, in
that nesting order, so the order is the same wherever the runs execute) and
stores them in DIR/plan.json, which Slurm tasks and the collect step read."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ET

import results
import run_watchdog
import simulate
import spec
from spec import CampaignError

# Options every run gets before the campaign's own (which may override them):
# times that depend only on the platform and the model, warnings kept.
BASE_OPTIONS = ["--cfg=smpi/simulate-computation:no", "--log=root.thres:warning"]
# After them: SMPI's end-of-simulation line, with the clock to the nanosecond.
TIMING_OPTIONS = ["--cfg=smpi/display-timing:yes", "--log=smpi_utils.thres:info",
                  "--log=smpi_utils.fmt:[%.9d]%e%m%n"]


def find_smpirun(settings, build):
    name = settings["smpirun"]
    if name is None:
        own = os.path.join(build, "bin", "smpirun")
        if os.access(own, os.X_OK):
            return own
        name = "smpirun"
    if "/" in name:
        if not os.path.isfile(name) or not os.access(name, os.X_OK):  # a directory is X_OK too
            raise CampaignError(f"smpirun '{name}' not found or not executable (accepted: an executable file)")
        return name
    path = shutil.which(name)
    if not path:
        raise CampaignError(f"smpirun '{name}' is not on PATH (build the project, or give --smpirun PATH)")
    return os.path.abspath(path)


# The longest a planning call of smpirun (the model list, an option check) may take.
PROBE_TIMEOUT = 120


def probe(cmd, cwd=None):
    """The CompletedProcess (stdout, stderr as text) of a planning call of
    smpirun, run as a run is: in its own process group, its output in
    files, and when it ends, so do the processes it left, detached (setsid)
    ones too. Its output was read through pipes to their end: a launcher
    that left a process holding them made the campaign wait for it (120 s,
    then a refusal, for one that did not end), and it outlived the
    campaign. subprocess.TimeoutExpired past PROBE_TIMEOUT. The watchdog
    knows it, as it knows a run: started with setsid, a call that hung was
    left running by a campaign killed with SIGKILL, out of reach of a kill
    of the campaign's process group too."""
    word = simulate.mark("plan")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = simulate.start_watched(cmd, cwd, out, err, word)
        try:
            deadline = time.monotonic() + PROBE_TIMEOUT
            while os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG) is None:
                if time.monotonic() > deadline:
                    raise subprocess.TimeoutExpired(cmd, PROBE_TIMEOUT)
                time.sleep(0.01)
        finally:  # (its end seen, not yet reaped: the group's number stays taken)
            run_watchdog.end_leftovers(p.pid, word)
            p.wait()
            simulate.unwatch(p.pid)
        texts = []
        for f in (out, err):
            f.seek(0)
            texts.append(f.read().decode(errors="replace"))
    return subprocess.CompletedProcess(cmd, p.returncode, *texts)


def known_models(smpirun, platform, hostfile):
    """Names of the network models smpirun accepts (its network/model:help)."""
    cmd = [smpirun, "-np", "1", "-platform", platform, "-hostfile", hostfile, "--cfg=network/model:help", "true"]
    try:
        p = probe(cmd)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CampaignError(f"cannot list the network models of {smpirun}: {e}")
    names = re.findall(r"^  ([^ :]+): ", p.stdout + p.stderr, re.M)
    if not names:
        first = (p.stderr or p.stdout).strip().splitlines()[:1]
        raise CampaignError(f"cannot list the network models of {smpirun} (exit {p.returncode}): "
                            f"{first[0] if first else 'no output'}")
    return names


def without_outputs(args):
    """args less the file-writing options (output_options), for a check
    run that must leave no file behind."""
    kept, skip = [], False
    for a in args:
        key = a[len("--cfg="):].partition(":")[0] if a.startswith("--cfg=") else ""
        if skip or key in spec.OUTPUT_KEYS or LOG_FILE.fullmatch(a) or a in ("-trace", "-trace-ti"):
            skip = False
        elif a in spec.OUTPUT_OPTIONS:
            skip = True
        else:
            kept.append(a)
    return kept


def check_options(smpirun, settings, platform, hostfile, build_dir, cwd):
    """Runs each model's options (with the smpirun options) once on a tiny
    built-in kernel (two ranks, one iteration: 0.05 s, and at least one
    comm, where SMPI reads its factors), so that a value SimGrid or the
    plugin refuses stops the campaign before any run, naming its line."""
    kernel = os.path.join(build_dir, "bin", "workloads", "cg_like")
    if not os.access(kernel, os.X_OK):
        return  # not built here: each run reports its own error
    np = "2" if min(settings["ranks"]) >= 2 else "1"

    def refusal(m, cfg):
        """smpirun's error running model m with options cfg, or None."""
        cmd = ([smpirun, "-np", np, "-platform", platform, "-hostfile", hostfile] + BASE_OPTIONS
               + [f"--cfg=network/model:{m.name}"] + list(cfg) + [kernel, "--iters", "1", "--bytes", "64",
                                                                  "--flops", "0"])
        try:
            p = probe(cmd, cwd)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise CampaignError(f"cannot check the options of model '{m.label}' with {smpirun}: {e}")
        out = p.stdout + p.stderr
        if p.returncode != 0 or "workload,cg," not in out:
            return simulate.first_error(out) or f"exit {p.returncode}"
        return None

    seen = set()
    common = without_outputs(settings["smpirun_args"])
    for m in settings["models"]:
        cfg = tuple(without_outputs(settings["smpirun_args"] + m.cfg))
        if not cfg or (m.name, cfg) in seen:
            continue
        seen.add((m.name, cfg))
        error = refusal(m, cfg)
        if error is None:
            continue
        # The smpirun options every run gets, when the model runs without
        # them: they are refused, not the model (the first model was named).
        if common and refusal(m, without_outputs(m.cfg)) is None:
            raise CampaignError(f"smpirun options: '{' '.join(common)}' are refused by {smpirun}: {error}")
        raise CampaignError(f"{m.where or 'model ' + m.label}: model '{m.label}' is refused by {smpirun}: {error}")


def write_default_hostfile(out):
    path = os.path.join(out, "hostfile")
    try:
        with open(path, "w") as f:
            f.write("\n".join(spec.DEFAULT_HOSTS) + "\n")
    except OSError as e:  # (one raised when the file is closed names no file)
        raise OSError(e.errno, e.strerror, path) from None
    return path


# Characters SimGrid's smpirun expands as a shell pattern in program arguments.
GLOB = "*?["
# The characters it splits words at (the shell's IFS): str.isspace() also
# refused a no-break space, an ideographic space, \r..., that reach the
# program unchanged.
BLANKS = " \t\n"
# Program arguments SimGrid removes from the program's argv before main:
# an empty one, every '--', its options --cfg=..., --log=..., --help...,
# --version (the run's row named a model, say, that did not run).
SIMGRID_TAKES = re.compile(r"|--|--(cfg|log)=.*|--help.*|--version", re.S)
SIMGRID_TAKES_TEXT = "an empty argument, --, --cfg=..., --log=..., --help..., --version"


def check_words(settings):
    """SimGrid's smpirun splits the hostfile path, every --cfg option and the
    program's arguments at blanks: refuses those that hold one."""
    def refuse(what, text, where):
        raise CampaignError(f"{where}: {what} '{text}' holds a blank, which SimGrid's smpirun splits in two; "
                            f"accepted: {what}s without spaces or tabs")
    for opt in settings["smpirun_args"]:
        if any(c in BLANKS for c in opt):
            refuse("smpirun option", opt, "smpirun options")
    for m in settings["models"]:
        for opt in m.cfg:
            if any(c in BLANKS for c in opt):
                refuse("smpirun option", opt, m.where or f"model {m.label}")
    for prog in settings["programs"]:
        for arg in prog.argv[1:]:
            if any(c in BLANKS for c in arg):
                refuse("program argument", arg, f"program {prog.label}")
            if any(c in GLOB for c in arg):  # './app zz*' ran with the names of the files zz1 zz2 in the runs' directory
                raise CampaignError(f"program {prog.label}: program argument '{arg}' holds one of {GLOB}, which "
                                    f"SimGrid's smpirun expands to file names; accepted: arguments without {GLOB}")
            if SIMGRID_TAKES.fullmatch(arg):  # './app --cfg=network/model:CM02' ran CM02 in the SMPI row
                raise CampaignError(f"program {prog.label}: program argument '{arg}' never reaches the program "
                                    f"(SimGrid's smpirun removes it: {SIMGRID_TAKES_TEXT}); accepted: other arguments, smpirun "
                                    f"options after -- or in a model's key=value")


# smpirun options that set what a run's row names (its rank count, platform,
# hostfile, model): given to every run or to a model, the last one given
# wins, and the row would name what the campaign asked for, not what ran.
ROW_OPTIONS = {"-np": "rank counts: --np or the 'ranks' key", "-n": "rank counts: --np or the 'ranks' key",
               "-platform": "platforms: --platform or the 'platform' key",
               "-hostfile": "hostfiles: --hostfile or the 'platform' key",
               "-machinefile": "hostfiles: --hostfile or the 'platform' key"}
ROW_CFG = "--cfg=network/model:"
# smpirun options that take the next word as their value (SimGrid's smpirun
# and the project's wrapper): one left without it took the option after it,
# e.g. the run's --cfg=network/model, and the row named a model that did
# not run.
VALUE_OPTIONS = ("-np", "-n", "-bandwidth", "-latency", "-platform", "-hostfile", "-machinefile", "-replay",
                 "-tmpdir", "-trace-comment", "-trace-comment-file", "-trace-file", "-wrapper")


def check_row_options(settings):
    """Refuses smpirun options that would run another rank count, platform,
    hostfile or model than the run's row names."""
    def refuse(opt, instead, where):
        raise CampaignError(f"{where}: smpirun option '{opt}' sets what each run's row names, which the campaign "
                            f"sets itself; accepted: {instead}")
    lists = [(settings["smpirun_args"], "smpirun options")] + [(m.cfg, m.where or f"model {m.label}")
                                                                for m in settings["models"]]
    for opts, where in lists:
        value = False  # opt is the value of the option before it
        for i, opt in enumerate(opts):
            if value:
                value = False
                continue
            if opt in ROW_OPTIONS:
                refuse(opt, ROW_OPTIONS[opt], where)
            if opt.startswith(ROW_CFG):
                refuse(opt, "network models: --models or the 'model' key (one model each)", where)
            if opt in VALUE_OPTIONS:
                if i + 1 == len(opts):
                    raise CampaignError(f"{where}: smpirun option '{opt}' expects a value after it, which would be "
                                        f"the run's next option; accepted: {opt} VALUE")
                value = True
            elif not opt.startswith("-"):
                raise CampaignError(f"{where}: '{opt}' is not an smpirun option (smpirun would run it as the "
                                    f"program); accepted: options starting with '-', values after the option "
                                    f"that takes them, program arguments with the program")


def hostfile_argument(path, cwd):
    """The hostfile as smpirun gets it: its path, or (if that holds a blank,
    e.g. a campaign in "My runs/") its path from the runs' directory."""
    if not any(c in BLANKS for c in path):
        return path
    rel = os.path.relpath(path, cwd)
    if any(c in BLANKS for c in rel):
        raise CampaignError(f"hostfile '{path}' has a blank in its path, which SimGrid's smpirun splits (so does its "
                            f"path from {cwd}); accepted: a path without spaces, e.g. run from its directory or "
                            f"give --out a directory without spaces")
    return rel


# A log appender that writes a file: --log=CATEGORY.app:file:PATH (also
# rollfile:SIZE:PATH, splitfile:SIZE:PATH).
LOG_FILE = re.compile(r"--log=[^:]*\.app:(?:file:|rollfile:[^:]*:|splitfile:[^:]*:)(.*)")


def output_options(args):
    """The file-writing options among smpirun options: [(option, path)].
    smpirun's -trace and -trace-ti without -trace-file write its default
    file, smpi_simgrid.trace or smpi_simgrid.txt."""
    found = []
    for i, a in enumerate(args):
        key, sep, value = a[len("--cfg="):].partition(":") if a.startswith("--cfg=") else ("", "", "")
        log = LOG_FILE.fullmatch(a)
        if sep and key in spec.OUTPUT_KEYS:
            found.append((a, value))
        elif a in spec.OUTPUT_OPTIONS and i + 1 < len(args):
            found.append((f"{a} {args[i + 1]}", args[i + 1]))
        elif log:
            found.append((a, log.group(1)))
    if "-trace-file" not in args:
        for a in ("-trace", "-trace-ti"):
            if a in args:
                found.append((a, "smpi_simgrid.txt" if a == "-trace-ti" else "smpi_simgrid.trace"))
    return found


def check_outputs(settings, nruns, parallel):
    """With runs at once (parallel: how they run at once, for the message;
    None if one at a time), every run must write its own file: the path
    holds {run}."""
    if nruns < 2 or not parallel:
        return
    for m in settings["models"]:
        for opt, path in output_options(settings["smpirun_args"] + m.cfg):
            if spec.RUN_PLACEHOLDER not in path:
                run = spec.RUN_PLACEHOLDER
                if opt in ("-trace", "-trace-ti"):  # smpirun's default file
                    raise CampaignError(f"output option {opt}: the {nruns} runs would all write {path}, {parallel}; "
                                        f"add -trace-file FILE with {run} in FILE (replaced by the run number, "
                                        f"e.g. -trace-file trace-{run}.trace) or give -j 1")
                raise CampaignError(f"output option {opt}: the {nruns} runs would all write this file, "
                                    f"{parallel}; put {run} in its path (replaced by "
                                    f"the run number, e.g. trace-{run}.csv) or give -j 1")


def shared_output(runs):
    """(option, run, other run) of a file two of runs (plan runs, {run}
    already replaced) would both write, or None: a campaign planned to run
    one at a time may do so, but not be resumed with runs at once."""
    writers = {}
    for r in runs:
        argv = r["argv"]
        end = argv.index(TIMING_OPTIONS[-1]) + 1 if TIMING_OPTIONS[-1] in argv else len(argv)  # not the program's
        for opt, path in output_options(argv[:end]):
            other = writers.setdefault(path, r["index"])
            if other != r["index"]:
                return opt, other, r["index"]
    return None


def per_run(args, index):
    return [a.replace(spec.RUN_PLACEHOLDER, f"{index:04d}") for a in args]


def build(settings, out, build_dir, cwd):
    """Settings -> list of run dicts; checks the models against smpirun."""
    smpirun = find_smpirun(settings, build_dir)
    check_words(settings)
    check_row_options(settings)
    os.makedirs(out, exist_ok=True)
    generated = None
    hostfiles = []
    for p in settings["platforms"]:
        if not p.hostfile and generated is None:
            generated = write_default_hostfile(out)
        hostfiles.append(hostfile_argument(p.hostfile or generated, cwd))
    known = known_models(smpirun, settings["platforms"][0].path, hostfiles[0])
    for m in settings["models"]:
        if m.name not in known:
            raise CampaignError(f"{m.where}: '{m.name}' is not a network model of {smpirun} "
                                f"(accepted: {', '.join(known)})")
    check_options(smpirun, settings, settings["platforms"][0].path, hostfiles[0], build_dir, cwd)
    runs = []
    for prog in settings["programs"]:
        for plat, hostfile in zip(settings["platforms"], hostfiles):
            for n in settings["ranks"]:
                for m in settings["models"]:
                    i = len(runs)
                    argv = ([smpirun, "-np", str(n), "-platform", plat.path, "-hostfile", hostfile] + BASE_OPTIONS
                            + per_run(settings["smpirun_args"], i) + [f"--cfg=network/model:{m.name}"]
                            + per_run(m.cfg, i) + TIMING_OPTIONS + prog.argv[:1] + per_run(prog.argv[1:], i))
                    runs.append({"index": len(runs), "program": prog.label, "platform": plat.label,
                                 "hostfile": plat.hostfile_label, "ranks": n, "model": m.label, "argv": argv})
    return runs


def digest(path):
    """SHA-256 of a file's content, or '' if it cannot be read."""
    h = hashlib.sha256()
    try:
        with results.open_regular(path) as f:  # (a named pipe: "", not a wait for a writer)
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError:
        return ""
    return h.hexdigest()


def input_files(settings, cwd):
    """The files a run's row names: programs, platforms (and the profiles
    they name), given hostfiles."""
    files = [p.argv[0] for p in settings["programs"]]
    # (SimGrid's --cfg=path:DIR: more directories a profile is looked up in)
    dirs = [a[len("--cfg=path:"):] for a in settings["smpirun_args"] + [c for m in settings["models"] for c in m.cfg]
            if a.startswith("--cfg=path:")]
    for p in settings["platforms"]:
        files += [p.path] + profile_files(p.path, cwd, dirs) + ([p.hostfile] if p.hostfile else [])
    return list(dict.fromkeys(files))


# Attributes of a SimGrid platform that name a profile file (a host's
# speed or state over time, a link's bandwidth, latency or state), and
# <trace file="...">.
PROFILE_ATTRIBUTES = ("speed_file", "availability_file", "state_file", "bandwidth_file", "latency_file")


def profile_files(platform, cwd, dirs=()):
    """The profile files a platform XML names, as SimGrid looks a relative
    one up (the runs' directory, dirs from --cfg=path:DIR, the platform's
    directory, dirs from the platform's own <config> <prop id="path">):
    edited between a stop and --resume, the resumed runs' times followed
    the new profile under the same row label. None for a platform it
    cannot parse (a compiled one: its own digest covers it)."""
    names, config_dirs, in_config = [], [], 0
    try:
        with results.open_regular(platform) as f:
            for event, el in ET.iterparse(f, events=("start", "end")):
                if el.tag == "config":
                    in_config += 1 if event == "start" else -1
                if event == "start":
                    continue
                names += [el.get(a) for a in PROFILE_ATTRIBUTES if el.get(a)]
                if el.tag == "trace" and el.get("file"):
                    names.append(el.get("file"))
                # (SimGrid's lookup path, set by the platform: a host's
                # property of that name is no setting)
                if in_config and el.tag == "prop" and el.get("id") == "path" and el.get("value"):
                    config_dirs.append(el.get("value"))
                el.clear()  # (a platform of a million hosts: no tree kept)
    except (OSError, ET.ParseError, ValueError):
        pass
    where = ([cwd] + [from_dir(cwd, d) for d in list(dirs) + config_dirs]
             + [os.path.dirname(os.path.abspath(platform))])
    found = []
    for name in dict.fromkeys(names):
        found += [name] if os.path.isabs(name) else [from_dir(d, name) for d in where]
    return [path for path in dict.fromkeys(found) if os.path.isfile(path)]


def run_hostfiles(runs, cwd):
    """The hostfiles the runs get, the generated one (DIR/hostfile) among
    them: a hand-edited DIR/hostfile placed the resumed runs otherwise
    than the finished ones, under the same row label."""
    return [os.path.join(cwd, r["argv"][r["argv"].index("-hostfile") + 1]) for r in runs]


# The installed launcher's PLUGIN line (plugin/CMakeLists.txt): the library
# from the directory of the launcher's target, symlinks resolved.
INSTALLED_PLUGIN = re.compile(rb'^PLUGIN="\$\(cd "\$\(dirname "\$\(readlink -f "\$0"\)"\)/([^"\n]*)" && pwd\)/([^"/\n]+)"$',
                              re.M)


def launcher_files(smpirun):
    """The launcher and, for the project's smpirun wrapper, the plugin
    library it loads (its PLUGIN="..." line: a path in the build tree's,
    one from its own place in the installed smpirun-contention): a plugin
    rebuilt (or installed again) between a campaign and its --resume gave
    rows of two builds under one label."""
    files = [smpirun]
    try:
        with open(smpirun, "rb") as f:
            head = f.read(4096)
    except OSError:
        return files
    m = re.search(rb'^PLUGIN="([^"\n]+)"$', head, re.M)
    if m:
        return files + [os.fsdecode(m.group(1))]
    m = INSTALLED_PLUGIN.search(head)
    if m:
        where = os.path.join(os.path.dirname(os.path.realpath(smpirun)), os.fsdecode(m.group(1)))
        return files + [os.path.join(os.path.realpath(where), os.fsdecode(m.group(2)))]
    return files


# smpirun options whose value is a file the run reads.
READ_OPTIONS = ("-replay", "-trace-comment-file")
# The key smpirun's -replay LIST sets: LIST names the traces SMPI replays,
# one file a line (empty lines skipped): rank i replays line i, or every
# rank the one line of a one-line LIST.
REPLAY_CFG = "smpi/replay"


# The longest path a -replay LIST's line may name.
PATH_MAX = 4096


def replayed_traces(path, ranks):
    """The trace files a -replay LIST names (those ranks replay): its
    first `ranks` non-empty lines, as SMPI reads them. A line longer than
    a path (a trace given as LIST, say: a GiB without a line end was read
    whole, a MemoryError) names no file and is skipped."""
    names = []
    try:
        with results.open_regular(path) as f:  # (a named pipe: none, not a wait for a writer)
            while len(names) < ranks:
                line = f.readline(PATH_MAX + 1)
                if not line:
                    break
                if len(line) > PATH_MAX:  # (the rest of it, by blocks)
                    while line and not line.endswith(b"\n"):
                        line = f.readline(1 << 20)
                    names.append("")
                    continue
                name = line.rstrip(b"\n")
                if name:
                    names.append(os.fsdecode(name))
    except (OSError, ValueError):
        return []
    return names


def wrapper_file(value):
    """The file smpirun's -wrapper COMMAND executes: COMMAND from the
    runs' directory if it holds a '/', else as found on PATH."""
    return value if "/" in value else shutil.which(value) or ""


def option_files(runs, cwd):
    """The files the runs' smpirun options read: a --cfg=KEY:VALUE whose
    VALUE is a file (contention/p2p-params:my.params; output keys aside),
    the value of -replay and -trace-comment-file, the traces a -replay
    LIST names, the -wrapper script. Edited between a stop and --resume,
    the resumed runs read the new file under the same label."""
    values = []
    for r in runs:
        argv = r["argv"]
        end = argv.index(TIMING_OPTIONS[-1]) if TIMING_OPTIONS[-1] in argv else len(argv)  # (the program's aside)
        for i, a in enumerate(argv[1:end], 1):
            key, sep, value = a[len("--cfg="):].partition(":") if a.startswith("--cfg=") else ("", "", "")
            if a in READ_OPTIONS and i + 1 < end:
                key, sep, value = (REPLAY_CFG if a == "-replay" else a), ":", argv[i + 1]
            elif a == "-wrapper" and i + 1 < end:
                values.append(wrapper_file(argv[i + 1]))
                continue
            if sep and value and key not in spec.OUTPUT_KEYS:
                values.append(value)
                if key == REPLAY_CFG:
                    values += replayed_traces(os.path.join(cwd, value), r["ranks"])
    return [path for path in dict.fromkeys(from_dir(cwd, v) for v in values if v) if os.path.isfile(path)]


def from_dir(cwd, path):
    """path from the directory cwd (absolute), its '.' parts left out (a
    './wrap.sh' is named CWD/wrap.sh); '..' kept: a symlink may lead
    elsewhere."""
    return "/" + "/".join(c for c in os.path.join(cwd, path).split("/") if c not in ("", "."))


def changed_inputs(plan):
    """The files of plan['inputs'] whose content is no longer the planned one."""
    return [path for path, sha in plan.get("inputs", {}).items() if digest(path) != sha]


def make(runs, settings, cwd):
    """The plan: the runs and what every run needs to execute anywhere."""
    # (The smpirun options of every run: no row names them, the report does.)
    # inputs: what --resume checks, so that a program rebuilt or a platform
    # edited between two runs of one campaign does not mix in its rows.
    return {"cwd": cwd, "timeout": settings["timeout"], "runs": runs, "smpirun_options": settings["smpirun_args"],
            "inputs": {path: digest(path) for path in
                       dict.fromkeys(input_files(settings, cwd) + run_hostfiles(runs, cwd) + option_files(runs, cwd)
                                     + (launcher_files(runs[0]["argv"][0]) if runs else []))}}


def save(out, plan):
    """DIR/plan.json, read by --run-one (Slurm tasks), --collect and --resume;
    refused past what load() reads (a campaign ran, then its --collect,
    --resume and Slurm tasks refused the plan it had written)."""
    text = json.dumps(plan, indent=1)
    if len(text) > MAX_PLAN_BYTES:  # (ASCII: json.dumps escapes the rest)
        raise CampaignError(f"the plan of this campaign's {len(plan['runs'])} runs would be {len(text) >> 20} MiB, "
                            f"more than the {MAX_PLAN_BYTES >> 20} MiB that --resume, --collect and Slurm tasks read "
                            f"(it holds every run's command line); accepted: fewer runs, or shorter program "
                            f"arguments and smpirun options")
    results.write_atomic(os.path.join(out, "plan.json"), text)


RUN_FIELDS = {"index": int, "program": str, "platform": str, "hostfile": str, "ranks": int, "model": str,
              "argv": list}


def plan_problem(plan):
    """What makes plan (read from JSON) not a campaign plan, or None."""
    if not isinstance(plan, dict):
        return f"the file holds a JSON {type(plan).__name__}, not an object"
    if not isinstance(plan.get("cwd"), str) or "\0" in plan["cwd"]:
        return "no 'cwd' directory"
    if "timeout" not in plan:  # (simulate reads it: a KeyError traceback at the first run)
        return "no 'timeout' (seconds, or null: no limit)"
    t = plan["timeout"]
    if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 < t <= spec.MAX_TIMEOUT):
        return f"'timeout' {t!r} is not a positive number of seconds up to {spec.MAX_TIMEOUT:g}"
    if not isinstance(plan.get("runs"), list):
        return "no 'runs' list"
    opts = plan.get("smpirun_options", [])
    if not isinstance(opts, list) or not all(isinstance(o, str) for o in opts):
        return "'smpirun_options' is not a list of smpirun options"
    inputs = plan.get("inputs", {})
    if not isinstance(inputs, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in inputs.items()):
        return "'inputs' is not an object of file paths and their SHA-256"
    jobs = plan.get("slurm_jobs")
    if jobs is not None and (not isinstance(jobs, list) or not all(isinstance(j, str) and re.fullmatch(r"[0-9]+", j) for j in jobs)):
        return "'slurm_jobs' is not a list of Slurm job ids"
    for i, r in enumerate(plan["runs"]):
        if not isinstance(r, dict):
            return f"run {i} is not an object"
        for key, kind in RUN_FIELDS.items():
            if not isinstance(r.get(key), kind) or isinstance(r.get(key), bool):
                return f"run {i} has no {kind.__name__} '{key}'"
        if r["index"] != i:
            return f"run {i} has index {r['index']}"
        # (the row's labels, written UTF-8: a lone surrogate escape, never
        # written by a campaign, failed the row's write after the run)
        for key in ("program", "platform", "hostfile", "model"):
            try:
                r[key].encode("utf-8")
            except UnicodeEncodeError:
                return f"run {i}'s '{key}' is not UTF-8 text"
        if not r["argv"] or not all(isinstance(a, str) and "\0" not in a for a in r["argv"]):
            return f"run {i} has no command line"
    return None


# The most a plan.json may hold (about 500 bytes a run): a plan.json
# replaced by /dev/zero or a huge file is refused, not read into memory.
MAX_PLAN_BYTES = 256 << 20


def load(out):
    path = os.path.join(out, "plan.json")
    try:
        with results.open_regular(path) as f:
            data = f.read(MAX_PLAN_BYTES + 1)
        if len(data) > MAX_PLAN_BYTES:
            raise CampaignError(f"{path}: not a campaign plan (more than {MAX_PLAN_BYTES >> 20} MiB; accepted: the "
                                f"plan.json compare-models writes)")
        plan = json.loads(data.decode("utf-8"))
    except FileNotFoundError:
        raise CampaignError(f"'{out}' holds no campaign ({path} not found)")
    except results.NotRegular as e:
        raise CampaignError(f"{path}: not a campaign plan (not a regular file: {e.kind}; accepted: the plan.json "
                            f"compare-models writes)")
    except OSError as e:
        raise CampaignError(f"{path}: cannot read: {e.strerror}")
    except (ValueError, RecursionError) as e:  # also UnicodeDecodeError; RecursionError: nested too deep
        raise CampaignError(f"{path}: not a campaign plan ({e})")
    why = plan_problem(plan)
    if why:
        raise CampaignError(f"{path}: not a campaign plan: {why} (accepted: the plan.json compare-models writes)")
    return plan
