"""Errors of scripts/validate.py, as Vienne et al. 2008 §VI.B defines them: per comm
E_rel = (T_p - T_m) / T_m x 100, per graph E_abs = mean |E_rel|; and their
CSV files and text tables."""
import csv
import os

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # (symlinks resolved)


class Result:
    """One dataset under one model on one platform style."""

    def __init__(self, ds, testbed, platform, style, model, mapping, main=False):
        self.ds, self.testbed, self.platform, self.style, self.model = ds, testbed, platform, style, model
        self.main = main  # of the main table (shipped platform)
        self.mapping = mapping
        self.simulated = None  # {comm id: time in the dataset's unit}
        self.error = None
        self.log = None

    def e_rel(self):
        return [(self.simulated[c["id"]] - c["measured"]) / c["measured"] * 100 for c in self.ds.comms]

    def eabs(self):
        if self.simulated is None:
            return None
        errs = self.e_rel()
        return sum(abs(e) for e in errs) / len(errs)


def paper_eabs(ds):
    """(E_abs of the paper's own model, where it comes from) or (None, "")."""
    if ds.paper_eabs is not None:
        return ds.paper_eabs, "printed"
    if ds.paper_predicted is not None:
        errs = [abs(p - c["measured"]) / c["measured"] * 100 for p, c in zip(ds.paper_predicted, ds.comms)]
        return sum(errs) / len(errs), "predicted column"
    return None, ""


def write_comms_csv(path, results):
    with open(path, "w", newline="", encoding="utf-8", errors="surrogateescape") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["dataset", "testbed", "platform", "style", "model", "comm", "src", "dst", "host_src",
                    "host_dst", "size", "unit", "measured", "simulated", "e_rel_pct", "paper_predicted",
                    "status"])
        for r in results:
            errs = r.e_rel() if r.simulated is not None else [None] * len(r.ds.comms)
            for i, c in enumerate(r.ds.comms):
                sim = r.simulated[c["id"]] if r.simulated is not None else None
                pred = r.ds.paper_predicted[i] if r.ds.paper_predicted else None
                w.writerow([r.ds.name, r.testbed.name, _rel(r.platform.path), r.style, r.model, c["id"], c["src"],
                            c["dst"], r.mapping[c["src"]], r.mapping[c["dst"]], int(c["bytes"]),
                            r.ds.unit, _num(c["measured"]), _num(sim), _num(errs[i], "%.4f"), _num(pred),
                            "ok" if r.error is None else f"FAILED: {r.error} ({r.log})"])


# Differences of E_abs up to this (percent points) are not called worse:
# the node latencies and LV08's built-in factors move a model by up to 0.02
# points on graphs where the models share alike (Fig. 2 Myrinet schemes 2-4).
WORSE_MARGIN = 0.05


def better_models(results, r):
    """For a contention result of the main table: the other models of the
    main table whose E_abs on the same dataset is lower, best first."""
    if r.model != "contention" or not r.main or r.eabs() is None:
        return []
    others = [o for o in results if o.main and o.ds is r.ds and o.model != "contention" and o.eabs() is not None
              and o.eabs() < r.eabs() - WORSE_MARGIN]
    return [o.model for o in sorted(others, key=lambda o: o.eabs())]


def write_eabs_csv(path, results):
    """One row per result; fit = the parameters fitted on the dataset (empty:
    held out); better_models = for the contention model's main rows, the
    models with a lower E_abs (space-separated)."""
    with open(path, "w", newline="", encoding="utf-8", errors="surrogateescape") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["dataset", "testbed", "platform", "style", "model", "comms", "eabs_pct", "paper_eabs_pct",
                    "paper_eabs_from", "status", "data", "technology", "fit", "better_models"])
        for r in results:
            pe, src = paper_eabs(r.ds)
            w.writerow([r.ds.name, r.testbed.name, _rel(r.platform.path), r.style, r.model, len(r.ds.comms),
                        _num(r.eabs(), "%.4f"), _num(pe, "%.4f"), src,
                        "ok" if r.error is None else f"FAILED: {r.error} ({r.log})", _rel(r.ds.path),
                        r.testbed.technology, r.ds.fit.replace(",", " "), " ".join(better_models(results, r))])


def _rel(path):
    """Paths relative to the repository (stable from one machine to another)."""
    return os.path.relpath(path, ROOT)


def _num(v, fmt="%.9g"):
    return "" if v is None else pct(v, fmt)


def pct(v, fmt="%.2f"):
    """An error in percent, in fmt, but in %g form from 1e9 % on: a tiny
    measured time (1e-300 s, accepted) gave E_abs near 1e302 %, printed
    as a 300-digit cell in the table and the CSV files."""
    return "%.6g" % v if abs(v) >= 1e9 else fmt % v


def _cell(r):
    if r is None:
        return "n/a"
    return "FAILED" if r.error is not None else pct(r.eabs())


def print_table(out, title, datasets, columns, lookup, extra=(), mark=None):
    """Rows = datasets, columns = labels; lookup(ds, label) -> Result or
    None; extra = [(label, fn(ds) -> text)] appended as last columns;
    mark(result) -> a suffix of the cell ("" for none)."""
    width = max(len(ds.name) for ds in datasets) + 2
    heads = list(columns) + [e[0] for e in extra]
    rows = []
    for ds in datasets:
        cells = []
        for c in columns:
            r = lookup(ds, c)
            cells.append(_cell(r) + (mark(r) if mark and r is not None and r.error is None else ""))
        rows.append(cells + [e[1](ds) for e in extra])
    # (wide enough for every cell: an E_abs in %g form, 3.57126e+300, ran
    # into the next one)
    cw = max([9, max(len(h) for h in heads) + 1] + [len(c) + 1 for cells in rows for c in cells[:len(columns) + 1]])
    out.write(title + "\n")
    out.write("dataset".ljust(width) + "".join(h.rjust(cw) for h in heads[:len(columns) + 1])
              + "".join("  " + h for h in heads[len(columns) + 1:]) + "\n")
    for ds, cells in zip(datasets, rows):
        out.write(ds.name.ljust(width) + "".join(c.rjust(cw) for c in cells[:len(columns) + 1]))
        out.write("".join("  " + c for c in cells[len(columns) + 1:]) + "\n")
    out.write("\n")
