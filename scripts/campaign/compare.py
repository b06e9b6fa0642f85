#!/usr/bin/env python3
"""compare-models.sh: runs a campaign (programs x platforms x rank counts x
network models) here or on Slurm, and reports it. See cli.USAGE."""
import os
import signal
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import campaign_file
import cli
import figures
import local
import plan as planner
import results
import simulate
import slurm
import table
from spec import CampaignError


def report(out, plan, run):
    """Gathers DIR's rows into results.csv, prints the tables, draws the
    figures; -> 0 if every run succeeded, else 1."""
    rows = results.gather(out, plan)
    csv_path = results.write(out, rows)
    print()
    sys.stdout.write(table.report(rows, out))
    if run["figures"]:
        try:
            paths = figures.make(rows, os.path.join(out, "figures"), run["log_scale"])
            print(f"figures: {', '.join(p for p in paths if p.endswith('.svg'))} (and .pdf)")
        except figures.Unavailable as e:
            print(f"compare-models: figures skipped: {e}", file=sys.stderr)
    print(f"data:    {csv_path}")
    return 0 if all(r["status"] == "ok" for r in rows) else 1


def run_one(out, index_text):
    plan = planner.load(out)
    if not index_text.isdigit() or int(index_text) >= len(plan["runs"]):
        raise CampaignError(f"--run-one: run index '{index_text}' is not in 0..{len(plan['runs']) - 1}")
    row = simulate.run(plan, int(index_text), out)
    print(",".join(str(row[c]) for c in results.COLUMNS))
    return 0 if row["status"] == "ok" else 1


def main(argv):
    cli_s, run = cli.parse(argv)
    if run["help"]:
        sys.stdout.write(cli.USAGE)
        return 0
    if run["run_one"]:
        return run_one(*run["run_one"])
    if run["collect"]:
        return report(run["collect"], planner.load(run["collect"]), run)
    build = cli.build_dir()
    file_s = campaign_file.parse(run["campaign"], build) if run["campaign"] else campaign_file.empty_settings()
    settings = cli.merge(file_s, cli_s, build)
    out = run["out"] or os.path.join(build, "compare")
    runs = planner.build(settings, out, build)
    results.clear_runs(out)
    plan = planner.make(runs, settings, os.getcwd())
    planner.save(out, plan)
    if run["slurm"]:
        collect_args = (["--log-scale"] if run["log_scale"] else []) + ([] if run["figures"] else ["--no-figures"])
        return slurm.submit(plan, out, settings["slurm"], collect_args, run["wait"], run["quiet"])
    local.run_all(plan, out, run["jobs"] or local.default_jobs(), run["quiet"])
    return report(out, plan, run)


def terminate(signum, _frame):
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    # The simulations run detached (setsid): whatever ends this process
    # (Ctrl-C, kill, hang-up) must end them too.
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGHUP, terminate)
    try:
        sys.exit(main(sys.argv[1:]))
    except CampaignError as e:
        print(f"compare-models: {e}", file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print(f"compare-models: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("compare-models: interrupted; running simulations killed", file=sys.stderr)
        sys.exit(130)
    finally:
        simulate.kill_all()
