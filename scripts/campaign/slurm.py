"""Submits a plan to Slurm: job arrays whose task i runs simulation
OFFSET+i (--run-one), then a job that depends on them and collects the
results (--collect) once every task has ended, whatever its outcome. The
results directory must be on a file system the compute nodes share."""
import csv
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

from spec import CampaignError

COMPARE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare.py")
DEFAULT_MAX_ARRAY = 1001  # Slurm's default MaxArraySize
# (jobs, collect job or None, DIR) from the first job submitted until
# --wait has seen them end: a Ctrl-C then stops this process only, and
# says so (see interrupted()).
queued = None


def sbatch_path():
    path = shutil.which("sbatch")
    if not path:
        raise CampaignError("--slurm: sbatch not found on PATH (install the Slurm client, Debian: slurm-client, "
                            "or load its module)")
    return path


def max_array_size():
    """The cluster's MaxArraySize: arrays hold task ids 0..size-1."""
    try:
        p = subprocess.run(["scontrol", "show", "config"], capture_output=True, text=True, errors="replace", timeout=60)
        m = re.search(r"^MaxArraySize\s*=\s*(\d+)", p.stdout, re.M)
        return int(m.group(1)) if m else DEFAULT_MAX_ARRAY
    except (OSError, subprocess.TimeoutExpired):
        return DEFAULT_MAX_ARRAY


def time_limit(slurm, timeout):
    """--time of a task: the campaign's, or the run timeout plus two minutes."""
    if slurm["time"]:
        return slurm["time"]
    return str(math.ceil((timeout + 120) / 60)) if timeout else None


def output_value(directory, pattern):
    """--output's value: directory's '%' doubled (Slurm would replace '%j'
    there too), and the whole in double quotes, which #SBATCH lines take
    (a blank cut the path: 'Invalid directive'). A quote or a line end
    cannot be written there."""
    if any(c in directory for c in '"\n\r'):
        raise CampaignError(f"--slurm: results directory '{directory}' holds a double quote or a line end, which an "
                            f"#SBATCH line cannot hold; accepted: --out without them")
    return '"' + os.path.join(directory.replace("%", "%%"), pattern) + '"'


def header(name, output, slurm, limit):
    lines = ["#!/bin/bash", f"#SBATCH --job-name={name}", f"#SBATCH --output={output}", "#SBATCH --ntasks=1",
             "#SBATCH --cpus-per-task=1"]
    if slurm["partition"]:
        lines.append(f"#SBATCH --partition={slurm['partition']}")
    if limit:
        lines.append(f"#SBATCH --time={limit}")
    lines += [f"#SBATCH {opt}" for opt in slurm["options"]]
    return lines + ["set -e"] + slurm["setup"]


def write_scripts(out, slurm, timeout, collect_args):
    d = os.path.join(out, "slurm")
    os.makedirs(d, exist_ok=True)
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)  # Slurm does not create --output's directory
    # The python3 that submitted, else the one on the node's PATH (after setup).
    py = [f"py={shlex.quote(sys.executable)}", '[ -x "$py" ] || py=python3']
    compare = shlex.quote(COMPARE)
    array = header("campaign", output_value(os.path.join(out, "logs"), "slurm-%A_%a.out"), slurm, time_limit(slurm, timeout))
    array += py + ["# $1: index of this array's first run in plan.json",
                   f'exec "$py" {compare} --run-one {shlex.quote(out)} $((${{1:-0}} + SLURM_ARRAY_TASK_ID))']
    collect = header("campaign-collect", output_value(d, "collect-%j.out"), slurm, "10")
    collect += py + [f'exec "$py" {compare} --collect {shlex.quote(out)} ' + " ".join(collect_args)]
    paths = os.path.join(d, "array.sbatch"), os.path.join(d, "collect.sbatch")
    for path, lines in zip(paths, (array, collect)):
        # The paths' own bytes, whatever the locale: a Latin-1 --out (a
        # surrogate escape) or any non-ASCII one under an ASCII locale was
        # a UnicodeEncodeError traceback, no job submitted.
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("\n".join(lines) + "\n")
    return paths


def sbatch(args):
    """-> the job id."""
    p = subprocess.run([sbatch_path(), "--parsable"] + args, capture_output=True, text=True, errors="replace")
    job = p.stdout.strip().split(";")[0]
    if p.returncode != 0 or not re.fullmatch(r"[0-9]+", job):
        msg = (p.stderr or p.stdout).strip().splitlines()
        raise CampaignError(f"sbatch {' '.join(args)} failed: {msg[-1] if msg else f'exit {p.returncode}'}")
    return job


def wait_for(ids):
    """Returns None when none of the jobs is queued or running any more
    (polled with squeue, less and less often: 1 s, then up to 30 s), or
    squeue's error once it has failed 5 times in a row."""
    delay, errors = 1.0, 0
    while True:
        p = subprocess.run(["squeue", "-h", "-o", "%i", "-j", ",".join(ids)], capture_output=True, text=True, errors="replace")
        if p.returncode == 0 and not p.stdout.strip() or "Invalid job id" in p.stderr:
            return None
        errors = errors + 1 if p.returncode != 0 else 0
        if errors == 5:
            return p.stderr.strip() or f"exit {p.returncode}"
        time.sleep(delay)
        delay = min(delay * 1.5, 30.0)


def interrupted():
    """The line for a Ctrl-C or SIGTERM once Slurm jobs are queued: they go
    on (it said "running simulations killed"), else None."""
    if not queued:
        return None
    jobs, job, out = queued
    then = (f"and job {job} gathers the runs into {out}" if job else
            f"and no job gathers them: 'compare-models.sh --collect {out}' does once they have ended")
    return f"interrupted; the campaign's Slurm jobs {', '.join(jobs)} go on (scancel {' '.join(jobs)} stops them), {then}"


def active(ids):
    """The jobs among ids that Slurm still has queued or running (squeue),
    or a CampaignError when that cannot be known."""
    try:
        p = subprocess.run(["squeue", "-h", "-o", "%i", "-j", ",".join(ids)], capture_output=True, text=True, errors="replace",
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CampaignError(f"this campaign was submitted to Slurm (jobs {', '.join(ids)}), and squeue cannot tell "
                            f"whether they still run ({e}); resume it where squeue runs, once they have ended")
    if p.returncode != 0 and "Invalid job id" not in p.stderr:
        raise CampaignError(f"this campaign was submitted to Slurm (jobs {', '.join(ids)}), and squeue fails: "
                            f"{p.stderr.strip() or f'exit {p.returncode}'}")
    listed = set(p.stdout.split()) if p.returncode == 0 else set()
    # (an array's tasks are listed as JOB_TASK)
    return [j for j in ids if any(x == j or x.startswith(j + "_") for x in listed)]


def cancel(ids):
    """scancel ids; -> whether it succeeded."""
    try:
        return subprocess.run(["scancel"] + ids, capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def submit(plan, out, slurm, collect_args, wait, quiet, submitted=None):
    """Submits the arrays and the collect job, and calls submitted(job ids)
    (recorded in the plan: --resume waits for them). Returns 0 once
    submitted or, with wait, once the collect job has ended: prints its
    output (the campaign's table) and returns 0 if every run succeeded,
    else 1."""
    total = len(plan["runs"])
    array, collect = write_scripts(out, slurm, plan["timeout"], collect_args)
    chunk = max_array_size()
    throttle = f"%{slurm['max_parallel']}" if slurm["max_parallel"] else ""
    # Each job recorded once submitted: when a later sbatch fails (a
    # submission limit), the arrays already queued were left unknown to the
    # plan, and ran later the runs of whatever campaign DIR then held.
    global queued
    ids = []
    try:
        for first in range(0, total, chunk):
            ids.append(sbatch([f"--array=0-{min(chunk, total - first) - 1}{throttle}", array, str(first)]))
            queued = (list(ids), None, out)
            if submitted:
                submitted(list(ids))
        job = sbatch([f"--dependency=afterany:{':'.join(ids)}", collect])
        queued = (ids + [job], job, out)
    except CampaignError as e:
        if not ids:
            raise
        how = "cancelled (scancel)" if cancel(ids) else "still queued: scancel them"
        raise CampaignError(f"{e}; the job arrays submitted before it, {', '.join(ids)}, are {how}") from None
    if submitted:
        submitted(ids + [job])
    log = os.path.join(out, "slurm", f"collect-{job}.out")
    if not quiet or not wait:
        print(f"compare-models: {total} runs submitted as Slurm job array {', '.join(ids)}; job {job} collects "
              f"them into {os.path.join(out, 'results.csv')} when they end (its output: {log})",
              file=sys.stderr, flush=True)
    if not wait:
        print(f"compare-models: follow with 'squeue -j {','.join(ids + [job])}'; "
              f"'compare-models.sh --collect {out}' prints the results again", file=sys.stderr)
        return 0
    failed = wait_for(ids + [job])
    queued = None
    if failed:
        # (status 2, a usage error, it was, with the word DIR in the command)
        print(f"compare-models: squeue fails: {failed} (the jobs may still run; once they have ended, "
              f"'compare-models.sh --collect {out}' reports them)", file=sys.stderr)
        return 1
    try:
        # (as written: UTF-8, a path's other bytes as they are)
        with open(log, encoding="utf-8", errors="surrogateescape") as f:
            sys.stdout.write(f.read())
        said = f"its output: {log}"
    except OSError:  # cancelled (scancel) or stopped before it started
        said = f"no output in {log}: cancelled, or stopped before it started"
    results = os.path.join(out, "results.csv")
    try:
        with open(results, encoding="utf-8", errors="replace", newline="") as f:  # (results.write's)
            statuses = [row["status"] for row in csv.DictReader(f)]
    except OSError:
        # The runs' rows are there: the results are missing, as a run's
        # (status 1), not a usage error (status 2, which it was, naming
        # the missing output as the file to see).
        print(f"compare-models: collect job {job} ended without gathering the runs (no {results}, {said}); once "
              f"the campaign's jobs have ended, 'compare-models.sh --collect {out}' gathers them", file=sys.stderr)
        return 1
    return 0 if statuses and all(s == "ok" for s in statuses) else 1
