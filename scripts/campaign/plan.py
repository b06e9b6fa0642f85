"""Expands a campaign into its runs (program x platform x ranks x model, in
that nesting order, so the order is the same wherever the runs execute) and
stores them in DIR/plan.json, which Slurm tasks and the collect step read."""
import json
import os
import re
import shutil
import subprocess

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
        if not os.access(name, os.X_OK):
            raise CampaignError(f"smpirun '{name}' not found or not executable")
        return name
    path = shutil.which(name)
    if not path:
        raise CampaignError(f"smpirun '{name}' is not on PATH (build the project, or give --smpirun PATH)")
    return os.path.abspath(path)


def known_models(smpirun, platform, hostfile):
    """Names of the network models smpirun accepts (its network/model:help)."""
    cmd = [smpirun, "-np", "1", "-platform", platform, "-hostfile", hostfile, "--cfg=network/model:help", "true"]
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CampaignError(f"cannot list the network models of {smpirun}: {e}")
    names = re.findall(r"^  ([^ :]+): ", p.stdout + p.stderr, re.M)
    if not names:
        first = (p.stderr or p.stdout).strip().splitlines()[:1]
        raise CampaignError(f"cannot list the network models of {smpirun} (exit {p.returncode}): "
                            f"{first[0] if first else 'no output'}")
    return names


def write_default_hostfile(out):
    path = os.path.join(out, "hostfile")
    with open(path, "w") as f:
        f.write("\n".join(spec.DEFAULT_HOSTS) + "\n")
    return path


def build(settings, out, build_dir):
    """Settings -> list of run dicts; checks the models against smpirun."""
    smpirun = find_smpirun(settings, build_dir)
    os.makedirs(out, exist_ok=True)
    generated = None
    hostfiles = []
    for p in settings["platforms"]:
        if not p.hostfile and generated is None:
            generated = write_default_hostfile(out)
        hostfiles.append(p.hostfile or generated)
    known = known_models(smpirun, settings["platforms"][0].path, hostfiles[0])
    for m in settings["models"]:
        if m.name not in known:
            raise CampaignError(f"{m.where}: '{m.name}' is not a network model of {smpirun} "
                                f"(accepted: {', '.join(known)})")
    runs = []
    for prog in settings["programs"]:
        for plat, hostfile in zip(settings["platforms"], hostfiles):
            for n in settings["ranks"]:
                for m in settings["models"]:
                    argv = ([smpirun, "-np", str(n), "-platform", plat.path, "-hostfile", hostfile] + BASE_OPTIONS
                            + settings["smpirun_args"] + [f"--cfg=network/model:{m.name}"] + m.cfg + TIMING_OPTIONS
                            + prog.argv)
                    runs.append({"index": len(runs), "program": prog.label, "platform": plat.label,
                                 "hostfile": plat.hostfile_label, "ranks": n, "model": m.label, "argv": argv})
    return runs


def make(runs, settings, cwd):
    """The plan: the runs and what every run needs to execute anywhere."""
    return {"cwd": cwd, "timeout": settings["timeout"], "runs": runs}


def save(out, plan):
    """DIR/plan.json, read by --run-one (Slurm tasks) and --collect."""
    tmp = os.path.join(out, "plan.json.tmp")
    with open(tmp, "w") as f:
        json.dump(plan, f, indent=1)
    os.replace(tmp, os.path.join(out, "plan.json"))


def load(out):
    path = os.path.join(out, "plan.json")
    try:
        with open(path) as f:
            plan = json.load(f)
    except OSError:
        raise CampaignError(f"'{out}' holds no campaign ({path} not found)")
    except ValueError as e:
        raise CampaignError(f"{path}: not a campaign plan ({e})")
    return plan
