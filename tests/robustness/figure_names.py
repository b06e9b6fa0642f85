"""Two programs whose labels have one file-safe form ("my app", "my_app")
get a scaling figure each: the second one overwrote the first.
usage: figure_names.py SOURCE_DIR OUT_DIR (a python3 with matplotlib;
exit 77 without it)."""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(sys.argv[1], "scripts", "campaign"))
import figures  # noqa: E402

try:
    figures.load_pyplot()
except figures.Unavailable:
    print("matplotlib not available: skipped")
    sys.exit(77)
rows = [{"run": i, "program": prog, "platform": "p", "hostfile": "h", "ranks": n, "model": "contention",
         "status": "ok", "simulated_s": f"{0.1 * n:.3f}", "wall_s": "1"}
        for i, (prog, n) in enumerate((p, n) for p in ("my app", "my_app") for n in (2, 4))]
paths = [p for p in figures.make(rows, sys.argv[2], False) if p.endswith(".svg")]
names = sorted(os.path.basename(p) for p in paths)
want = ["comparison.svg", "my_app-2-scaling.svg", "my_app-scaling.svg"]
if names != want:
    print(f"FAIL: figures {names}, expected {want}")
    sys.exit(1)
print("ok:", " ".join(names))
