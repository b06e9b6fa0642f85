"""Figures of a campaign (matplotlib, SVG and PDF): per program, the
simulated time of every model in one panel per platform and rank count,
values printed on the bars; with several rank counts, the simulated time and
the speed-up over the rank counts. Written without dates, so the same rows
give the same files."""
import os
import re

from table import ordered

STATUS_TEXT = {"failed": "failed", "timeout": "timed out", "missing": "missing"}


class Unavailable(Exception):
    pass


def load_pyplot():
    try:
        import matplotlib
    except ImportError:
        raise Unavailable("python3 cannot import matplotlib (Debian: apt-get install python3-matplotlib)")
    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.hashsalt": "campaign", "svg.fonttype": "none", "font.size": 9,
                                "axes.spines.top": False, "axes.spines.right": False})
    import matplotlib.pyplot as plt
    return plt


def safe(name):
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", name)


def unit(rows):
    """(factor, name) that shows the program's largest time as 1 to 1000."""
    top = max([float(r["simulated_s"]) for r in rows if r["status"] == "ok"] + [0.0])
    for factor, name in ((1, "s"), (1e3, "ms"), (1e6, "µs")):
        if top * factor >= 1:
            return factor, name
    return 1e9, "ns"


def place(platform, hostfile, several):
    return f"{platform} (hostfile {hostfile})" if several else platform


def save(plt, fig, fig_dir, stem):
    paths = [os.path.join(fig_dir, f"{stem}.svg"), os.path.join(fig_dir, f"{stem}.pdf")]
    fig.savefig(paths[0], metadata={"Date": None})
    fig.savefig(paths[1], metadata={"CreationDate": None})
    plt.close(fig)
    return paths


def reference(models, cells):
    """The model the others are compared with: contention, else the first."""
    ok = [m for m in models if m in cells and cells[m]["status"] == "ok"]
    return "contention" if "contention" in ok else (ok[0] if ok else None)


def bar_panel(ax, models, colors, cells, scale, log_scale):
    """One bar per model with its value (and its difference to the reference
    model) on it; runs that did not succeed are named where their bar would be."""
    factor, name = scale
    values = [float(cells[m]["simulated_s"]) * factor for m in models if m in cells and cells[m]["status"] == "ok"]
    top = max(values) if values else 1.0
    ref = reference(models, cells)
    for i, m in enumerate(models):
        r = cells.get(m)
        if r and r["status"] == "ok":
            v, v0 = float(r["simulated_s"]) * factor, float(cells[ref]["simulated_s"]) * factor
            label = f"{v:.5g}" if m == ref or v0 <= 0 else f"{v:.5g}\n({100 * (v - v0) / v0:+.2f}%)"
            bars = ax.bar(i, v, 0.7, color=colors[m])
            ax.bar_label(bars, labels=[label], padding=2, fontsize=7, rotation=90 if len(models) > 4 else 0)
        else:
            text = STATUS_TEXT.get(r["status"], r["status"]) if r else "not run"
            ax.text(i, 0.02, text, transform=ax.get_xaxis_transform(), rotation=90, ha="center", va="bottom",
                    color="#b2182b", fontsize=8)
    ax.set_xticks(range(len(models)))
    long_labels = len(models) > 4 or any(len(m) > 8 for m in models)
    ax.set_xticklabels(models, rotation=30 if long_labels else 0, ha="right" if long_labels else "center")
    ax.set_xlabel("network model")
    ax.set_ylabel(f"simulated time ({name})")
    if log_scale and values:
        ax.set_yscale("log")
        ax.set_ylim(min(values) / 2, top * 10)
    else:
        ax.set_ylim(0, top * (1.5 if len(models) > 4 else 1.25))


def model_figure(plt, prog, rows, models, colors, log_scale, fig_dir):
    configs = ordered((r["platform"], r["hostfile"]) for r in rows)
    ranks = ordered(int(r["ranks"]) for r in rows)
    several = {p for p, _ in configs if sum(1 for q, _ in configs if q == p) > 1}
    scale = unit(rows)
    width = max(3.4, 0.5 * len(models) + 1.4)
    fig, axes = plt.subplots(len(configs), len(ranks), figsize=(width * len(ranks), 3.3 * len(configs) + 0.5),
                             squeeze=False, constrained_layout=True)
    for i, (plat, host) in enumerate(configs):
        for j, n in enumerate(ranks):
            cells = {r["model"]: r for r in rows
                     if (r["platform"], r["hostfile"]) == (plat, host) and int(r["ranks"]) == n}
            ax = axes[i][j]
            bar_panel(ax, models, colors, cells, scale, log_scale)
            ax.set_title(f"{place(plat, host, plat in several)}, {n} ranks", fontsize=9)
    ref = "contention" if "contention" in models else models[0]
    note = f"\n(on the bars: time in {scale[1]}, in brackets: difference to {ref})" if len(models) > 1 else ""
    fig.suptitle(f"{prog}: simulated time per network model{note}", fontsize=10)
    return save(plt, fig, fig_dir, safe(prog))


def scaling_figure(plt, prog, rows, models, colors, log_scale, fig_dir):
    configs = ordered((r["platform"], r["hostfile"]) for r in rows)
    several = {p for p, _ in configs if sum(1 for q, _ in configs if q == p) > 1}
    factor, unit_name = unit(rows)
    fig, axes = plt.subplots(len(configs), 2, figsize=(9, 3.4 * len(configs) + 0.8), squeeze=False,
                             constrained_layout=True)
    for i, (plat, host) in enumerate(configs):
        mine = [r for r in rows if (r["platform"], r["hostfile"]) == (plat, host)]
        ranks = sorted(set(int(r["ranks"]) for r in mine))
        t_ax, s_ax = axes[i]
        for m in models:
            pts = sorted((int(r["ranks"]), float(r["simulated_s"]) * factor) for r in mine
                         if r["model"] == m and r["status"] == "ok")
            if not pts:
                continue
            xs, ts = [p[0] for p in pts], [p[1] for p in pts]
            t_ax.plot(xs, ts, marker="o", color=colors[m], label=m)
            s_ax.plot(xs, [ts[0] / t for t in ts], marker="o", color=colors[m], label=m)
        s_ax.plot(ranks, [n / ranks[0] for n in ranks], ls="--", color="0.5", label="ideal (strong scaling)")
        where = place(plat, host, plat in several)
        for ax in (t_ax, s_ax):
            ax.set_xscale("log", base=2)
            ax.set_xticks(ranks)
            ax.set_xticklabels([str(n) for n in ranks])
            ax.set_xlabel("MPI ranks")
        if log_scale:
            t_ax.set_yscale("log")
        t_ax.set_ylabel(f"simulated time ({unit_name})")
        t_ax.set_title(f"{where}: simulated time", fontsize=9)
        s_ax.set_ylabel(f"speed-up over {ranks[0]} ranks")
        s_ax.set_title(f"{where}: speed-up (time at {ranks[0]} ranks / time)", fontsize=9)
        s_ax.legend(fontsize=7, loc="upper left")
    fig.suptitle(f"{prog}: scaling over rank counts", fontsize=11)
    return save(plt, fig, fig_dir, f"{safe(prog)}-scaling")


def make(rows, fig_dir, log_scale):
    """Writes the figures of every program; returns their paths."""
    plt = load_pyplot()
    os.makedirs(fig_dir, exist_ok=True)
    models = ordered(r["model"] for r in rows)
    palette = plt.get_cmap("tab10").colors
    colors = {m: palette[i % len(palette)] for i, m in enumerate(models)}
    paths = []
    for prog in ordered(r["program"] for r in rows):
        mine = [r for r in rows if r["program"] == prog]
        paths += model_figure(plt, prog, mine, models, colors, log_scale, fig_dir)
        if len(set(r["ranks"] for r in mine)) > 1:
            paths += scaling_figure(plt, prog, mine, models, colors, log_scale, fig_dir)
    return paths
