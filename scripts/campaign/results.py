"""Result rows: one CSV file per run (DIR/runs/NNNN.csv, written by whoever
ran it, here or in a Slurm task), gathered in plan order into
DIR/results.csv; a run without a row is 'missing'."""
import csv
import io
import os

# Columns that depend only on the campaign come first; wall time and memory,
# which change from one execution to the next, last.
COLUMNS = ["run", "program", "platform", "hostfile", "ranks", "model", "status", "exit_code", "simulated_s",
           "checksum", "note", "wall_s", "peak_rss_kib"]
STATUSES = ("ok", "failed", "timeout", "missing")


def run_path(out, index):
    return os.path.join(out, "runs", f"{index:04d}.csv")


def to_csv(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def write_atomic(path, text):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def store_run(out, row):
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    write_atomic(run_path(out, row["run"]), to_csv([row]))


def clear_runs(out):
    """Removes the rows, logs and results of a previous campaign in DIR."""
    if os.path.exists(os.path.join(out, "results.csv")):
        os.remove(os.path.join(out, "results.csv"))
    for sub in ("runs", "logs"):
        d = os.path.join(out, sub)
        if os.path.isdir(d):
            for name in os.listdir(d):
                if name[:4].isdigit() or name.startswith("slurm-"):
                    os.remove(os.path.join(d, name))


def read_run(out, index):
    try:
        with open(run_path(out, index)) as f:
            rows = list(csv.DictReader(f))
    except OSError:
        return None
    return rows[0] if len(rows) == 1 and rows[0].get("status") in STATUSES else None


def missing_row(r, note):
    return {"run": r["index"], "program": r["program"], "platform": r["platform"], "hostfile": r["hostfile"],
            "ranks": r["ranks"], "model": r["model"], "status": "missing", "exit_code": "", "simulated_s": "",
            "checksum": "", "note": note, "wall_s": "", "peak_rss_kib": ""}


def gather(out, plan):
    """Every run's row in plan order (missing rows for runs without one)."""
    rows = []
    for r in plan["runs"]:
        row = read_run(out, r["index"])
        rows.append(row or missing_row(r, f"no result in {run_path(out, r['index'])} (task not run or killed; "
                                          f"see {os.path.join(out, 'logs')})"))
    return rows


def write(out, rows):
    path = os.path.join(out, "results.csv")
    write_atomic(path, to_csv(rows))
    return path
