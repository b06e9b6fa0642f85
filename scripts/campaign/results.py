"""Result rows: one CSV file per run (DIR/runs/NNNN.csv, written by whoever
ran it, here or in a Slurm task, atomically: a temporary file renamed),
gathered in plan order into DIR/results.csv; a run without a row is
'missing'. A run that was running when the campaign was stopped is
'interrupted': neither it nor a missing run is finished, --resume runs them."""
import csv
import io
import math
import os
import re
import stat
import threading

import spec
from spec import CampaignError

# A row holds the campaign's labels whole: an unlabelled model is its spec
# with its smpirun options, which may pass the csv module's default field
# limit (128 KiB), and the row written could not be read back.
csv.field_size_limit(2**31 - 1)

# Columns that depend only on the campaign come first; wall time and memory,
# which change from one execution to the next, last.
COLUMNS = ["run", "program", "platform", "hostfile", "ranks", "model", "status", "exit_code", "simulated_s",
           "checksum", "note", "wall_s", "peak_rss_kib"]
STATUSES = ("ok", "failed", "timeout", "interrupted", "missing")
FINISHED = ("ok", "failed", "timeout")


class NotRegular(OSError):
    """A file the campaign reads is not a regular file (its kind in .kind)."""


KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISDIR, "a directory"), (stat.S_ISSOCK, "a socket"),
         (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def open_regular(path):
    """path opened for reading as a binary file, if it is a regular file;
    else NotRegular. (open() of a named pipe waits for a writer: a FIFO as
    DIR/plan.json, a run's row or an input --resume checks hung --collect
    and --resume until killed.)"""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            e = NotRegular("not a regular file")
            e.kind = next((name for test, name in KINDS if test(mode)), "not a file")
            raise e
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def run_path(out, index):
    return os.path.join(out, "runs", f"{index:04d}.csv")


def to_csv(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def write_atomic(path, text):
    """path holds text, or its former content: never a part. An error names
    path and leaves no temporary file."""
    tmp = f"{path}.tmp{os.getpid()}{threading.get_native_id()}"  # one per writer, threads included
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise OSError(e.errno, e.strerror, path) from None


def store_run(out, row):
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    write_atomic(run_path(out, row["run"]), to_csv([row]))


# The files a campaign writes in DIR, runs/, logs/ and figures/ (and the
# temporary files of write_atomic): the only ones clear_runs removes, so a
# user's own file there (logs/2024-notes.txt) is never lost.
OWN_TOP = re.compile(r"(results\.csv|plan\.json)\.tmp[0-9]+")
OWN_RUN = re.compile(r"([0-9]{4,})\.csv(\.tmp[0-9]+)?")
OWN_LOG = re.compile(r"([0-9]{4,})\.(out|err)|slurm-[0-9]+_[0-9]+\.out")
OWN_FIGURE = re.compile(r"(comparison|[A-Za-z0-9_.+-]+-scaling)\.(svg|pdf)")  # (figures.make's names)
NAME_LOCK = "campaign.lock"  # (lock.NAME) a campaign stopped before its plan leaves it with the hostfile


def clear_runs(out, keep=(), figures=True):
    """Removes the rows, logs, results and figures of a previous campaign in
    DIR (but the rows and logs of the runs in keep), and temporary files left
    by a process killed while writing. Files of other names stay. (The
    figures are of the former rows: a campaign of other programs, rank
    counts or --no-figures left them beside its own, as if of its rows;
    figures=False keeps them, for a --resume that runs nothing again.)"""
    if os.path.exists(os.path.join(out, "results.csv")):
        os.remove(os.path.join(out, "results.csv"))
    for name in os.listdir(out):
        if OWN_TOP.fullmatch(name):
            os.remove(os.path.join(out, name))
    kept = set(keep)
    for sub, own in (("runs", OWN_RUN), ("logs", OWN_LOG)):
        d = os.path.join(out, sub)
        if os.path.isdir(d):
            for name in os.listdir(d):
                m = own.fullmatch(name)  # NNNN.csv, NNNN.out, NNNN.err (5 digits past 9999), slurm-J_T.out
                if m and (".tmp" in name or m.group(1) is None or int(m.group(1)) not in kept):
                    os.remove(os.path.join(d, name))
    d = os.path.join(out, "figures")
    if figures and os.path.isdir(d):
        for name in os.listdir(d):
            if OWN_FIGURE.fullmatch(name):
                os.remove(os.path.join(d, name))


def check_new_out(out):
    """A campaign may start in DIR unless DIR holds no campaign (plan.json)
    but a file the campaign would overwrite or remove (results.csv,
    hostfile, runs/NNNN.csv...): that file is a user's. Other files stay
    as they are (a campaign removes only its own)."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise CampaignError(f"results directory '{out}' is a file (accepted: a directory; give another --out DIR)")
    if os.path.islink(out) and not os.path.exists(out):  # (mkdir: "File exists", naming no link)
        raise CampaignError(f"results directory '{out}' is a symbolic link to '{os.readlink(out)}', which does not "
                            f"exist (accepted: a directory, or a link to one; create it or give another --out DIR)")
    parent = os.path.dirname(out)  # (--check-options passed '/dev/full/x', whose campaign then failed)
    while parent and not os.path.lexists(parent):
        parent = os.path.dirname(parent)
    if parent and not os.path.isdir(parent):
        raise CampaignError(f"results directory '{out}': '{parent}' is not a directory (accepted: a directory "
                            f"path; give another --out DIR)")
    if not os.path.isdir(out) or os.path.exists(os.path.join(out, "plan.json")):
        return
    names = set(os.listdir(out))
    theirs = [n for n in ("results.csv", "hostfile") if n in names and not (n == "hostfile" and NAME_LOCK in names)]
    for sub, own in (("runs", OWN_RUN), ("logs", OWN_LOG), ("figures", OWN_FIGURE)):
        if os.path.isdir(os.path.join(out, sub)):
            theirs += [os.path.join(sub, n) for n in sorted(os.listdir(os.path.join(out, sub))) if own.fullmatch(n)]
    if theirs:
        raise CampaignError(f"results directory '{out}' holds no campaign (no plan.json) but a file a campaign would "
                            f"overwrite or remove, '{theirs[0]}'; accepted: a new directory, one without such files, "
                            f"or an earlier campaign's (give another --out DIR)")


def number(text, lo=0.0):
    """text, a plain decimal number as compare-models writes it, as a
    finite float >= lo, or None. (float() alone took '1_0' as 10, ' 2' and
    Arabic-Indic digits: a hand-edited row's typo was reported.)"""
    if not isinstance(text, str) or not spec.DECIMAL.fullmatch(text):
        return None
    try:
        v = float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) and v >= lo else None


def row_problem(rows, index, header, planned=None):
    """Why the rows read from a run's file are not its result (planned: the
    plan's run, whose labels the row must repeat), or None."""
    if header != COLUMNS:
        return f"line 1: header is not {','.join(COLUMNS)}"
    if len(rows) != 1:
        return f"{len(rows)} rows, expected one"
    r = rows[0]
    # (DictReader files a field too many under None, fills one too few
    # with None: the first was a traceback when results.csv was written)
    fields = len(COLUMNS) + len(r.get(None, ())) - sum(v is None for v in r.values())
    if fields != len(COLUMNS):
        return f"line 2: {fields} fields, expected {len(COLUMNS)}"
    if r.get("run") != str(index):
        return f"line 2: run '{r.get('run')}', expected {index}"
    if planned is not None:  # a row of another campaign's run of this number is not this run's
        for key in ("program", "platform", "hostfile", "ranks", "model"):
            if r.get(key) != str(planned[key]):
                return f"line 2: {key} '{r.get(key)}', but run {index} of the plan has '{planned[key]}'"
    if r.get("status") not in STATUSES or r["status"] == "missing":
        return f"line 2: status '{r.get('status')}' (accepted: {', '.join(STATUSES[:-1])})"
    if r["status"] == "ok" and number(r.get("simulated_s")) is None:
        return f"line 2: simulated_s '{r.get('simulated_s')}' is not a number of seconds >= 0"
    if r.get("wall_s") not in ("", None) and number(r["wall_s"]) is None:
        return f"line 2: wall_s '{r['wall_s']}' is not a number of seconds >= 0"
    return None


# The most a run's file may hold: its row repeats the campaign's program and
# model (a campaign file is at most 16 MiB); a run file replaced by a link
# to /dev/zero is refused, not read into memory.
MAX_RUN_BYTES = 64 << 20


def read_run(out, index, planned=None):
    """-> (row or None, why the file is damaged or None). No file: (None, None)."""
    path = run_path(out, index)
    try:
        with open_regular(path) as f:
            data = f.read(MAX_RUN_BYTES + 1)
        if len(data) > MAX_RUN_BYTES:
            return None, f"more than {MAX_RUN_BYTES >> 20} MiB"
        reader = csv.DictReader(io.StringIO(data.decode("utf-8"), newline=""))
        rows = list(reader)
        header = reader.fieldnames
    except FileNotFoundError:
        return None, None
    except NotRegular as e:
        return None, f"not a regular file ({e.kind})"
    except OSError as e:
        return None, f"cannot read: {e.strerror}"
    except (UnicodeDecodeError, csv.Error) as e:
        return None, f"not a CSV row written by compare-models ({e})"
    why = row_problem(rows, index, header, planned)
    return (None, why) if why else (rows[0], None)


def missing_row(r, note):
    return {"run": r["index"], "program": r["program"], "platform": r["platform"], "hostfile": r["hostfile"],
            "ranks": r["ranks"], "model": r["model"], "status": "missing", "exit_code": "", "simulated_s": "",
            "checksum": "", "note": note, "wall_s": "", "peak_rss_kib": ""}


def gather(out, plan, damaged_ok=False):
    """Every run's row in plan order (missing rows for runs without one). A
    damaged row is an error, or (damaged_ok) a missing row."""
    rows = []
    for r in plan["runs"]:
        row, why = read_run(out, r["index"], r)
        path = run_path(out, r["index"])
        if why and not damaged_ok:
            raise CampaignError(f"{path}: {why}; accepted: a row written by compare-models (remove the file and "
                                f"run the rest with --resume {out})")
        if why:
            row = missing_row(r, f"damaged result in {path}: {why}")
        rows.append(row or missing_row(r, f"no result in {path} (not run, or its task was killed; "
                                          f"see {os.path.join(out, 'logs')})"))
    return rows


def unfinished(out, plan):
    """The runs without a finished row (ok, failed or timeout), in order."""
    return [r for r in plan["runs"] if (read_run(out, r["index"], r)[0] or {}).get("status") not in FINISHED]


def write(out, rows):
    path = os.path.join(out, "results.csv")
    write_atomic(path, to_csv(rows))
    return path
