"""The project's figures print as a paper would: every drawn text lies inside
the page, each model has the colour of scripts/model_colors.py, and the axes
say what they show, with readable units.
usage: figures_check.py SOURCE_DIR campaign|validate|penalty|lop
campaign needs matplotlib (the campaign figures are drawn with it); the
others write SVG by hand, whose texts are measured with an average glyph
width of 0.6 em (sans-serif), enough to catch a text that starts off the page."""
import csv
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SRC = sys.argv[1]
sys.path.insert(0, os.path.join(SRC, "scripts"))
import model_colors  # noqa: E402

failures = []


def fail(msg):
    failures.append(msg)


# ---- SVG written by hand: texts, their estimated boxes, the page ----------
def svg_texts(path):
    """[(text, (x0, y0, x1, y1))] of every <text> of an SVG, and (W, H)."""
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    W, H = float(root.get("width")), float(root.get("height"))
    base = float(root.get("font-size", "12"))
    out = []
    for t in root.iter(ns + "text"):
        text = "".join(t.itertext())
        if not text.strip():
            continue
        fs = float(t.get("font-size", base))
        w = 0.6 * fs * len(text)
        x, y = float(t.get("x", 0)), float(t.get("y", 0))
        anchor = t.get("text-anchor", "start")
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        corners = [(left, y - 0.8 * fs), (left + w, y - 0.8 * fs), (left, y + 0.25 * fs), (left + w, y + 0.25 * fs)]
        for op, args in reversed(re.findall(r"(translate|rotate)\(([^)]*)\)", t.get("transform", ""))):
            a = [float(v) for v in re.split(r"[ ,]+", args.strip())]
            if op == "translate":
                corners = [(cx + a[0], cy + (a[1] if len(a) > 1 else 0)) for cx, cy in corners]
            else:
                r = math.radians(a[0])
                ox, oy = (a[1], a[2]) if len(a) == 3 else (0.0, 0.0)
                corners = [(ox + (cx - ox) * math.cos(r) - (cy - oy) * math.sin(r),
                            oy + (cx - ox) * math.sin(r) + (cy - oy) * math.cos(r)) for cx, cy in corners]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        out.append((text, (min(xs), min(ys), max(xs), max(ys))))
    return out, (W, H)


def check_svg_inside(path, name):
    texts, (W, H) = svg_texts(path)
    for text, (x0, y0, x1, y1) in texts:
        if x0 < -0.5 or y0 < -0.5 or x1 > W + 0.5 or y1 > H + 0.5:
            fail(f"{name}: text {text!r} drawn outside the {W:g} x {H:g} page at "
                 f"({x0:.1f}, {y0:.1f}, {x1:.1f}, {y1:.1f})")
    return [t for t, _ in texts]


def check_svg_checker():
    """The estimate sees a clipped text (a checker that cannot fail is no check)."""
    with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" font-size="12">'
                '<text x="50" y="20" text-anchor="middle">a title far too long for this page</text>'
                '<text x="16" y="25" transform="rotate(-90 16 25)" text-anchor="middle">axis title</text></svg>')
    before = len(failures)
    check_svg_inside(f.name, "probe")
    os.unlink(f.name)
    if len(failures) != before + 2:
        fail(f"the SVG text check found {len(failures) - before} clipped texts of 2 in its probe")
    del failures[before:]


# ---- the campaign figures (matplotlib) -------------------------------------
def campaign():
    sys.path.insert(0, os.path.join(SRC, "scripts", "campaign"))
    import figures
    from matplotlib.colors import to_rgba
    plt = figures.load_pyplot()
    models = ["contention", "SMPI", "CM02", "LV08", "IB", "loggps", "my-model"]
    rows, k = [], 0
    for prog in ("ft", "an_application_with_a_long_name"):
        for plat, host in (("ib-testbed-9", "generated"), ("a-platform-with-a-rather-long-name", "h1"),
                           ("a-platform-with-a-rather-long-name", "h2")):
            for n in (8, 16, 32):
                for i, m in enumerate(models):
                    rows.append({"run": str(k), "program": prog, "platform": plat, "hostfile": host, "ranks": str(n),
                                 "model": m, "status": "failed" if k % 13 == 5 else "ok",
                                 "simulated_s": f"{0.002 * n * (1 + 0.07 * i):.6f}"})
                    k += 1
    colors = model_colors.colors(models)
    if colors["contention"] != model_colors.MODELS["contention"] or colors["my-model"] != model_colors.OTHERS[0]:
        fail(f"model_colors.colors gives {colors}")
    comp = figures.comparison_figure(plt, rows, models, colors, False)
    ax = comp.axes[0]
    handles, labels = ax.get_legend_handles_labels()
    if labels != models:
        fail(f"comparison legend {labels}, want {models}")
    for h, m in zip(handles, labels):
        got = tuple(round(v, 3) for v in h.patches[0].get_facecolor())
        want = tuple(round(v, 3) for v in to_rgba(model_colors.color(m, models.index(m))
                                                  if m in model_colors.MODELS else colors[m]))
        if got != want:
            fail(f"comparison: {m} drawn in {got}, palette says {want}")
    if "relative to SMPI" not in comp._suptitle.get_text():
        fail(f"comparison title {comp._suptitle.get_text()!r} does not say what the bars are divided by")
    if "SMPI" not in ax.get_ylabel() or not ax.get_xlabel():
        fail(f"comparison axis titles {ax.get_xlabel()!r}, {ax.get_ylabel()!r}")
    for name, fig in (("comparison", comp),
                      ("scaling", figures.scaling_figure(plt, "an_application_with_a_long_name",
                                                         [r for r in rows if r["program"].startswith("an_")],
                                                         models, colors, False))):
        for text, box in figures.texts_outside(fig):
            fail(f"campaign {name}: text {text!r} drawn outside the page at {box} pt")
        for a in fig.axes:
            if not a.get_xlabel() or not a.get_ylabel():
                fail(f"campaign {name}: an axis without a title ({a.get_xlabel()!r}, {a.get_ylabel()!r})")
    # The check sees a clipped title: the one started at x = -33.9 pt.
    probe = plt.figure(figsize=(3, 2))
    probe.suptitle("a title much wider than the three inches of this figure, clipped on both sides")
    if len(figures.texts_outside(probe)) != 1:
        fail(f"texts_outside misses a clipped title: {figures.texts_outside(probe)}")
    # make() writes one comparison chart, and a scaling figure per program.
    with tempfile.TemporaryDirectory() as d:
        paths = figures.make(rows, d, False)
        names = sorted(os.path.basename(p) for p in paths)
        want = sorted(["comparison.svg", "comparison.pdf", "ft-scaling.svg", "ft-scaling.pdf",
                       "an_application_with_a_long_name-scaling.svg", "an_application_with_a_long_name-scaling.pdf"])
        if names != want:
            fail(f"make wrote {names}, want {want}")


# ---- the validation chart --------------------------------------------------
def validate():
    from validate_chart import write_svg

    class R:
        def __init__(self, e):
            self.e, self.error = e, None

        def eabs(self):
            return self.e

    class D:
        def __init__(self, name):
            self.name = name

    models = ["contention", "SMPI", "CM02", "LV08", "IB", "loggps"]
    datasets = [D("martinasso-mehaut-2011-fig4-A"), D("vienne-2008-fig2-scheme6-infinihost")]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "v.svg")
        write_svg(path, datasets, models, lambda ds, m: R(1.5 + models.index(m)), lambda ds: (1.2, "paper"))
        texts = check_svg_inside(path, "validation chart")
        if not any(t.startswith("E_abs (%)") for t in texts):
            fail("validation chart: no axis title 'E_abs (%) ...'")
        body = open(path).read()
        for m in models:
            if not re.search(rf'fill="{model_colors.MODELS[m]}"><title>[^<]*, {m}: E_abs', body):
                fail(f"validation chart: {m}'s bars not in {model_colors.MODELS[m]}")


# ---- the penalty summary ---------------------------------------------------
def penalty():
    with tempfile.TemporaryDirectory() as d:
        trace, out = os.path.join(d, "t.csv"), os.path.join(d, "p.svg")
        # Two comms out of a over 106 ns of simulated time: ticks in ns.
        with open(trace, "w") as f:
            f.write("time,comm,src,dst,penalty,bound,event\n")
            for row in ("0,0,a,b,1,10,start", "2e-08,1,a,c,2,5,start", "2e-08,0,a,b,2,5,update",
                        "8e-08,1,a,c,0,0,end", "8e-08,0,a,b,1,10,update", "1.05912e-07,0,a,b,0,0,end"):
                f.write(row + "\n")
        r = subprocess.run([sys.executable, os.path.join(SRC, "scripts", "penalty-summary.py"), trace, "--svg", out],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"penalty-summary exited {r.returncode}: {r.stderr.strip()}")
            return
        texts = check_svg_inside(out, "penalty summary")
        for want in ("simulated time (ns)", "penalty (1 = alone)", "mean penalty", "sending host"):
            if want not in texts:
                fail(f"penalty summary: no axis title {want!r} in {texts}")
        raw = [t for t in texts if re.search(r"\de[-+]\d", t)]
        if raw:
            fail(f"penalty summary: raw ticks {raw}")


# ---- the LoP plots ---------------------------------------------------------
def lop():
    with tempfile.TemporaryDirectory() as d:
        data, out = os.path.join(d, "l.csv"), os.path.join(d, "l.svg")
        with open(data, "w") as f:
            f.write("p,per_peer_us\n" + "".join(f"{p},{20 / p + 8:.3f}\n" for p in (1, 2, 4, 8, 16, 32, 64)))
        r = subprocess.run([sys.executable, os.path.join(SRC, "smpi-examples", "lop-bench", "plot_lop.py"), "send", out,
                            f"single post={data}", f"list post={data}", f"contention/lop:off={data}"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"plot_lop.py exited {r.returncode}: {r.stderr.strip()}")
            return
        texts = check_svg_inside(out, "LoP plot")
        if "round time per peer (µs)" not in texts:
            fail(f"LoP plot: no axis title with its unit in {texts}")
        if not re.search(rf'stroke="{model_colors.MODELS["contention"]}"><title>contention/lop:off', open(out).read()):
            fail("LoP plot: the contention model without LoP not in the contention colour")


check_svg_checker()
{"campaign": campaign, "validate": validate, "penalty": penalty, "lop": lop}[sys.argv[2]]()
for f in failures:
    print(f)
if failures:
    sys.exit(1)
print(f"{sys.argv[2]}: figures fit their page, colours and axis titles as the palette says")
