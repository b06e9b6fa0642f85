"""Figures of a campaign (matplotlib, SVG and PDF): one grouped bar chart,
comparison.svg, with every program (and platform and rank count) as a
group and every model as a bar, its simulated time divided by SMPI's (or,
without SMPI, by the contention model's) in the same group; with several
rank counts, per program, the simulated time and the speed-up over the
rank counts. Colours from scripts/model_colors.py. Written without dates,
so the same rows give the same files; every text is checked to lie inside
the page (texts_outside)."""
import math
import os
import re
import sys
import textwrap

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import model_colors  # noqa: E402
from table import ordered  # noqa: E402

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


def wrap(text, width):
    """text folded on spaces into lines of at most width characters (a
    longer word keeps its own line), so that no title runs off the page."""
    return "\n".join(textwrap.fill(line, width, break_long_words=False) for line in text.split("\n"))


def place(platform, hostfile, several):
    return f"{platform} (hostfile {hostfile})" if several else platform


def save(plt, fig, fig_dir, stem):
    paths = [os.path.join(fig_dir, f"{stem}.svg"), os.path.join(fig_dir, f"{stem}.pdf")]
    fig.savefig(paths[0], metadata={"Date": None})
    fig.savefig(paths[1], metadata={"CreationDate": None})
    plt.close(fig)
    return paths


def normaliser(models):
    """The model every bar is divided by: SMPI, else contention, else the first."""
    for m in ("SMPI", "contention"):
        if m in models:
            return m
    return models[0]


def texts_outside(fig, slack=0.5):
    """The texts drawn on fig that do not lie wholly inside the page, as
    (text, (x0, y0, x1, y1) in points); [] when nothing is clipped. Only the
    texts the renderer draws count (tick labels beyond the axis limits exist
    but are not drawn)."""
    from matplotlib.text import Text
    drawn, plain_draw = [], Text.draw

    def recording_draw(self, renderer):
        drawn.append(self)
        return plain_draw(self, renderer)

    Text.draw = recording_draw
    try:
        fig.canvas.draw()
    finally:
        Text.draw = plain_draw
    renderer = fig.canvas.get_renderer()
    page, scale, out = fig.bbox, 72.0 / fig.dpi, []
    for t in drawn:
        if not t.get_visible() or not t.get_text().strip():
            continue
        bb = t.get_window_extent(renderer)
        if bb.x0 < page.x0 - slack or bb.y0 < page.y0 - slack or bb.x1 > page.x1 + slack or bb.y1 > page.y1 + slack:
            out.append((t.get_text(), tuple(round(v * scale, 1) for v in (bb.x0, bb.y0, bb.x1, bb.y1))))
    return out


# The widest or tallest figure matplotlib draws, in pixels ("must be less
# than 2^16 in each direction").
MAX_PIXELS = 2**16 - 1


def comparison_width(ngroups, nmodels):
    """Width of the comparison chart in inches: its groups of bars side by side."""
    return max(6.0, 0.22 * nmodels * ngroups + 0.9 * ngroups + 2.0)


def comparison_figure(plt, rows, models, colors, log_scale):
    """One group per (program, platform, rank count), one bar per model:
    simulated time / the normaliser's in that group."""
    norm = normaliser(models)
    groups = ordered((r["program"], r["platform"], r["hostfile"], int(r["ranks"])) for r in rows)
    plats = ordered((r["platform"], r["hostfile"]) for r in rows)
    several = {p for p, _ in plats if sum(1 for q, _ in plats if q == p) > 1}
    one_setting = len(ordered((g[1], g[2], g[3]) for g in groups)) == 1
    scale = unit(rows)
    n = len(models)
    width = 0.8 / n
    fig_w = comparison_width(len(groups), n)
    fig, ax = plt.subplots(figsize=(fig_w, 4.4), constrained_layout=True)
    ratios, labels = [], []
    for g, (prog, plat, host, ranks) in enumerate(groups):
        cells = {r["model"]: r for r in rows
                 if (r["program"], r["platform"], r["hostfile"], int(r["ranks"])) == (prog, plat, host, ranks)}
        base = cells.get(norm)
        t0 = float(base["simulated_s"]) if base and base["status"] == "ok" else 0.0
        where = "" if one_setting else f"\n{place(plat, host, plat in several)}, {ranks} ranks"
        ref = f"\n{norm}: {t0 * scale[0]:.4g} {scale[1]}" if t0 > 0 else f"\nno {norm} run"
        labels.append(wrap(f"{prog}{where}{ref}", 28))
        for i, m in enumerate(models):
            x = g + (i - (n - 1) / 2) * width
            r = cells.get(m)
            if r and r["status"] == "ok" and t0 > 0:
                v = float(r["simulated_s"]) / t0
                ratios.append(v)
                bars = ax.bar(x, v, width * 0.92, color=colors[m], label=m if g == 0 else None)
                ax.bar_label(bars, labels=[f"{v:.3f}"], padding=2, fontsize=6, rotation=90)
            else:
                if g == 0:
                    ax.bar(x, 0, width * 0.92, color=colors[m], label=m)
                text = STATUS_TEXT.get(r["status"], r["status"]) if r else "not run"
                if r and r["status"] == "ok":
                    text = "no base"
                ax.text(x, 0.02, text, transform=ax.get_xaxis_transform(), rotation=90, ha="center",
                        va="bottom", color="#b2182b", fontsize=7)
    ax.axhline(1.0, color=model_colors.REFERENCE, lw=0.8, ls="--")
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_xlabel("program" if one_setting else "program, platform, rank count")
    ax.set_ylabel(f"simulated time / {norm}'s (1 = {norm})")
    top = max(ratios + [1.0])
    if log_scale and ratios:
        ax.set_yscale("log")
        ax.set_ylim(min(ratios) / 1.5, top * 3)
    else:
        ax.set_ylim(0, top * 1.15)
    ax.legend(ncol=min(n, 6), fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False,
              title="network model", title_fontsize=8)
    setting = ""
    if one_setting:
        _, plat, host, ranks = groups[0]
        setting = f", {place(plat, host, plat in several)}, {ranks} ranks"
    fig.suptitle(wrap(f"Simulated time per network model, relative to {norm}{setting}", int(fig_w * 13)), fontsize=10)
    return fig


def scaling_figure(plt, prog, rows, models, colors, log_scale):
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
            # (no speed-up where a time is 0, e.g. 1 rank that does not
            # communicate: a ZeroDivisionError ended the report before)
            s_ax.plot(xs, [ts[0] / t if t > 0 and ts[0] > 0 else math.nan for t in ts], marker="o", color=colors[m],
                      label=m)
        s_ax.plot(ranks, [n / ranks[0] for n in ranks], ls="--", color=model_colors.REFERENCE, label="ideal (strong scaling)")
        where = place(plat, host, plat in several)
        for ax in (t_ax, s_ax):
            ax.set_xscale("log", base=2)
            ax.set_xticks(ranks)
            ax.set_xticklabels([str(n) for n in ranks])
            ax.set_xlabel("MPI ranks")
        if log_scale:
            t_ax.set_yscale("log")
        t_ax.set_ylabel(f"simulated time ({unit_name})")
        t_ax.set_title(wrap(f"{where}: simulated time", 55), fontsize=9)
        s_ax.set_ylabel(f"speed-up over {ranks[0]} ranks")
        s_ax.set_title(wrap(f"{where}: speed-up (time at {ranks[0]} ranks / time)", 55), fontsize=9)
        s_ax.legend(fontsize=7, loc="upper left")
    fig.suptitle(wrap(f"{prog}: scaling over rank counts", 90), fontsize=11)
    return fig


def make(rows, fig_dir, log_scale):
    """Writes the comparison chart and every program's scaling figure;
    returns their paths. A text drawn outside the page is reported."""
    plt = load_pyplot()
    os.makedirs(fig_dir, exist_ok=True)
    models = ordered(r["model"] for r in rows)
    colors = model_colors.colors(models)
    # A chart wider than matplotlib draws is skipped before its bars are
    # placed: its error at the end skipped every figure, after minutes (7 for
    # 1,000 groups of 10 bars), and named "times" as the cause.
    ngroups = len(ordered((r["program"], r["platform"], r["hostfile"], r["ranks"]) for r in rows))
    pixels = round(comparison_width(ngroups, len(models)) * plt.rcParams["figure.dpi"])
    if pixels > MAX_PIXELS:
        print(f"compare-models: comparison chart skipped: its {ngroups} groups of {len(models)} "
              f"bar{'s' if len(models) != 1 else ''} would be {pixels} pixels wide, more than matplotlib draws "
              f"({MAX_PIXELS}); the scaling figures are drawn (fewer rank counts, programs or platforms give the "
              f"chart)", file=sys.stderr)
        figs = []
        for ext in ("svg", "pdf"):  # an earlier campaign's, not to be taken for this one's
            if os.path.exists(os.path.join(fig_dir, f"comparison.{ext}")):
                os.remove(os.path.join(fig_dir, f"comparison.{ext}"))
    else:
        figs = [(comparison_figure(plt, rows, models, colors, log_scale), "comparison")]
    stems = {"comparison"}
    for prog in ordered(r["program"] for r in rows):
        mine = [r for r in rows if r["program"] == prog]
        if len(set(r["ranks"] for r in mine)) > 1:
            # Programs "my app" and "my_app" have one safe name: each its own file.
            # (at most 100 characters of the label: a longer one made a file
            # name past the file system's 255 bytes, an error after every run)
            base = safe(prog)[:100]
            stem, n = f"{base}-scaling", 2
            while stem in stems:
                stem, n = f"{base}-{n}-scaling", n + 1
            stems.add(stem)
            figs.append((scaling_figure(plt, prog, mine, models, colors, log_scale), stem))
    paths = []
    for fig, stem in figs:
        for text, box in texts_outside(fig):
            print(f"compare-models: {stem}: text {text!r} drawn outside the page at {box} pt", file=sys.stderr)
        paths += save(plt, fig, fig_dir, stem)
    return paths
