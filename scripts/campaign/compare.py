#!/usr/bin/env python3
"""compare-models.sh: runs a campaign (programs x platforms x rank counts x
network models) here or on Slurm, and reports it. See cli.USAGE."""
import sys

# A Ctrl-C while Python loads the modules (nothing started yet; 're' and
# 'signal' take a while on a loaded machine) is one line, not a traceback.
try:
    import os
    import re
    import shlex
    import signal
    import threading
    import warnings

    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    # The modules beside this file: under PYTHONSAFEPATH=1 (or python -P)
    # Python does not put the script's directory on its path, and the first
    # import ended in a ModuleNotFoundError traceback.
    sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
    import campaign_file
    import cli
    import console
    import figures
    import local
    import lock
    import plan as planner
    import results
    import simulate
    import slurm
    import spec
    import stopping
    import table
    from console import shown
    from spec import CampaignError
except KeyboardInterrupt:
    sys.stderr.write("compare-models: interrupted\n")
    sys.exit(130)


class Stopped(BaseException):
    """SIGTERM or SIGHUP: stops the campaign like Ctrl-C."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def signum_of(e):
    """The signal behind a KeyboardInterrupt (SIGINT) or a Stopped."""
    return e.signum if isinstance(e, Stopped) else signal.SIGINT


def to_stdout(text):
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as e:
        raise OSError(e.errno, e.strerror, "standard output") from None


def report(out, plan, run):
    """Gathers DIR's rows into results.csv, prints the tables, draws the
    figures; -> 0 if every run succeeded, else 1."""
    try:  # (seconds for tens of thousands of rows)
        rows = results.gather(out, plan)
        csv_path = results.write(out, rows)
    except (KeyboardInterrupt, Stopped) as e:
        signum = signum_of(e)
        print(f"compare-models: stopped by signal {signum} while gathering the results; the runs had ended, "
              f"results.csv not written (compare-models.sh --collect {shown(out)} writes it)", file=sys.stderr)
        return 128 + signum
    try:  # (a standard output nobody reads holds a large report)
        to_stdout("\n" + table.report(rows, out))
        if plan.get("smpirun_options"):  # they change every row's times, which no row names
            to_stdout(f"smpirun options of every run: {shlex.join(plan['smpirun_options'])}\n")
    except (KeyboardInterrupt, Stopped) as e:  # nothing runs any more: say the results are whole
        return stopped_in_report(e, "printing the report", csv_path)
    if run["figures"]:
        try:
            with warnings.catch_warnings():  # matplotlib's overflow warnings on values near 1e308
                warnings.simplefilter("ignore")
                paths = figures.make(rows, os.path.join(out, "figures"), run["log_scale"])
            if paths:  # (none: a comparison chart too wide, one rank count)
                to_stdout(f"figures: {', '.join(p for p in paths if p.endswith('.svg'))} (and .pdf)\n")
        except figures.Unavailable as e:
            print(f"compare-models: figures skipped: {e}", file=sys.stderr)
        except (ValueError, OverflowError) as e:  # times matplotlib cannot place on an axis
            print(f"compare-models: figures skipped: matplotlib cannot draw these times ({e})", file=sys.stderr)
        except (KeyboardInterrupt, Stopped) as e:
            return stopped_in_report(e, "drawing the figures", csv_path)
    to_stdout(f"data:    {csv_path}\n")
    return 0 if all(r["status"] == "ok" for r in rows) else 1


def stopped_in_report(e, doing, csv_path):
    """A signal once results.csv is written: no run is left to kill, the
    results are whole (-> the exit status)."""
    signum = signum_of(e)
    print(f"compare-models: stopped by signal {signum} while {doing}; the runs had ended, results in "
          f"{shown(csv_path)}", file=sys.stderr)
    return 128 + signum


def stopped(out, plan, signum):
    """After Ctrl-C or a signal: results.csv of what finished (the runs in
    flight are 'interrupted'), and how to go on. -> the exit status."""
    rows = results.gather(out, plan, damaged_ok=True)
    path = results.write(out, rows)
    done = sum(r["status"] in results.FINISHED for r in rows)
    cut = sum(r["status"] == "interrupted" for r in rows)
    print(f"compare-models: stopped by signal {signum}: {done} of {len(rows)} runs finished, {cut} interrupted "
          f"(results so far in {path}); run the others with: compare-models.sh --resume {out}", file=sys.stderr)
    return 128 + signum


def run_locally(plan, out, run, todo=None):
    try:
        local.run_all(plan, out, run["jobs"] or local.default_jobs(), run["quiet"], todo)
    except KeyboardInterrupt:
        return stopped(out, plan, signal.SIGINT)
    except Stopped as e:
        return stopped(out, plan, e.signum)
    return report(out, plan, run)


def run_one(out, index_text):
    plan = planner.load(out)
    if not re.fullmatch(r"[0-9]+", index_text) or int(index_text) >= len(plan["runs"]):
        raise CampaignError(f"--run-one: run index '{index_text}' is not in 0..{len(plan['runs']) - 1}")
    # The run in a thread: a SIGTERM (scancel, the task's time limit) stops
    # it here, and the thread still stores its row, 'interrupted'.
    # Its end is an Event, not join(): a join() that a signal interrupted
    # may return early the next time (CPython), and the row would then be
    # written by both threads at once.
    done, failure, ended = [], [], threading.Event()

    def work():
        try:
            done.append(simulate.run(plan, int(index_text), out))
        except Exception as e:  # raised again below, in the main thread
            failure.append(e)
        finally:
            ended.set()
    worker = threading.Thread(target=work)
    worker.start()
    try:
        while not ended.wait(0.5):
            pass
    except (KeyboardInterrupt, Stopped):
        simulate.kill_all()
        while not ended.wait(0.5):
            pass
        if not (done and done[0]):
            simulate.store_interrupted(plan, int(index_text), out)
        raise
    if failure:
        raise failure[0]
    row = done[0]
    to_stdout(",".join(str(row[c]) for c in results.COLUMNS) + "\n")
    return 0 if row["status"] == "ok" else 1


def check_no_slurm_jobs(out):
    """A new campaign in DIR: refused while the Slurm tasks of DIR's former
    campaign may still run (each task reads DIR/plan.json when it starts:
    it would run the new plan's run of its number and write its row)."""
    if not os.path.exists(os.path.join(out, "plan.json")):
        return
    try:
        jobs = planner.load(out).get("slurm_jobs")
    except CampaignError:  # a damaged plan: no jobs to wait for
        return
    if not jobs:
        return
    try:
        busy = slurm.active(jobs)
    except CampaignError as e:
        raise CampaignError(f"'{out}': {e}; or give another --out DIR") from None
    if busy:
        raise CampaignError(f"'{out}' holds a campaign submitted to Slurm whose jobs {', '.join(busy)} are still "
                            f"queued or running (they would run this campaign's runs): wait for them to end (or "
                            f"scancel them), or give another --out DIR")


def settled(out):
    """DIR's plan, once DIR holds only its rows: a plan still 'fresh' (its
    campaign stopped before it had removed the former campaign's rows,
    which may name the same runs) has them removed now. The lock held."""
    plan = planner.load(out)
    if plan.pop("fresh", False):
        results.clear_runs(out)
        planner.save(out, plan)
    return plan


def check_slurm_ended(out, plan):
    """--collect of a Slurm campaign: refused while squeue lists its jobs,
    but for the collect job running this (SLURM_JOB_ID): the runs still
    queued were reported missing, results.csv rewritten so, and the collect
    job, finding DIR locked meanwhile, gathered nothing. When squeue cannot
    tell (DIR copied where there is no Slurm), the runs are gathered."""
    jobs = [j for j in plan.get("slurm_jobs") or [] if j != os.environ.get("SLURM_JOB_ID")]
    try:
        busy = slurm.active(jobs) if jobs else []
    except CampaignError:
        return
    if busy:
        raise CampaignError(f"'{out}' was submitted to Slurm and its jobs {', '.join(busy)} are still queued or "
                            f"running: its collect job gathers the runs once they have ended (or --collect then)")


def resume(out, run):
    planner.load(out)  # a directory without a campaign is an error, not created by the lock
    lock.hold(out)
    plan = settled(out)
    if plan.get("slurm_jobs"):  # its tasks would run again here, at the same time
        busy = slurm.active(plan["slurm_jobs"])
        if busy:
            raise CampaignError(f"'{out}' was submitted to Slurm and its jobs {', '.join(busy)} are still queued "
                                f"or running: wait for them to end (or scancel them), then --resume runs what "
                                f"did not finish, here")
    todo = results.unfinished(out, plan)
    if todo and not os.path.isdir(plan["cwd"]):  # every run would fail, 'cannot start smpirun'
        raise CampaignError(f"'{out}': the directory its runs execute in, {plan['cwd']} (where the campaign was "
                            f"started), is gone; accepted: that directory back in place (or a new campaign)")
    # (every run would fail, exit 127, and count as finished: a later
    # --resume, once the launcher is back, would not run them again)
    gone = next((r["argv"][0] for r in todo if not (os.path.isfile(r["argv"][0]) and
                                                    os.access(r["argv"][0], os.X_OK))), None)
    if gone:
        raise CampaignError(f"'{out}': the launcher of its runs, {gone}, is gone (not an executable file); accepted: "
                            f"that launcher back in place (rebuild the project), or a new campaign")
    changed = planner.changed_inputs(plan) if todo else []
    if changed:  # the finished runs used the former file: the rows would mix two programs or platforms
        raise CampaignError(f"'{out}': {changed[0]} changed since the campaign was planned (its finished runs used the "
                            f"former content); accepted: the file as it was, or a new campaign (same or another "
                            f"--out DIR)")
    jobs = run["jobs"] or local.default_jobs()
    shared = planner.shared_output(todo) if jobs > 1 else None
    if shared:
        raise CampaignError(f"output option {shared[0]}: runs {shared[1]} and {shared[2]} of '{out}' would write "
                            f"this file at once with {jobs} runs at a time (the campaign was planned for one at a "
                            f"time); give --resume {out} -j 1")
    again = {r["index"] for r in todo}
    results.clear_runs(out, keep=[r["index"] for r in plan["runs"] if r["index"] not in again], figures=bool(todo))
    if not run["quiet"]:
        print(f"compare-models: {len(plan['runs']) - len(todo)} of {len(plan['runs'])} runs of {out} finished "
              f"already", file=sys.stderr, flush=True)
    return run_locally(plan, out, run, todo)


def new_directories(out):
    """The directories that making OUT creates, deepest first."""
    made, path = [], os.path.abspath(out)
    while not os.path.lexists(path):
        made.append(path)
        path = os.path.dirname(path)
    return made


def undo_out(out, made, before):
    """A campaign refused, failed (a file it cannot write) or stopped by a
    signal while it plans leaves OUT as it found it: the files it added
    there (campaign.lock, the generated hostfile) and the directories it
    made go."""
    lock.release()
    for name in set(os.listdir(out)) - before:
        try:
            os.remove(os.path.join(out, name))
        except OSError:
            pass
    for path in made:
        try:
            os.rmdir(path)
        except OSError:
            break


def main(argv):
    own = argv[:argv.index("--")] if "--" in argv else argv
    spec.REQUIRE_BUILT = "--check-options" not in own
    cli_s, run = cli.parse(argv)
    if run["help"]:
        to_stdout(cli.USAGE)
        return 0
    if run["check"]:  # what a campaign checks before it plans, nothing run
        build = cli.build_dir()
        file_s = campaign_file.parse(run["campaign"], build) if run["campaign"] else campaign_file.empty_settings()
        settings = cli.merge(file_s, cli_s, build)
        planner.check_words(settings)  # (smpirun is not needed for these)
        planner.check_row_options(settings)
        name = settings["smpirun"]  # one the setup does not build must be there now
        if name is not None and not os.path.abspath(name).startswith(os.path.join(build, "")):
            planner.find_smpirun(settings, build)
        if run["collect"] or run["resume"]:
            planner.load(run["collect"] or run["resume"])
        else:  # as the campaign checks its --out before it plans
            results.check_new_out(run["out"] or os.path.join(build, "compare"))
        return 0
    if run["run_one"]:
        return run_one(*run["run_one"])
    if run["collect"]:
        planner.load(run["collect"])  # as in resume()
        lock.hold(run["collect"])
        plan = settled(run["collect"])
        check_slurm_ended(run["collect"], plan)
        return report(run["collect"], plan, run)
    if run["resume"]:
        return resume(run["resume"], run)
    build = cli.build_dir()
    file_s = campaign_file.parse(run["campaign"], build) if run["campaign"] else campaign_file.empty_settings()
    settings = cli.merge(file_s, cli_s, build)
    out = run["out"] or os.path.join(build, "compare")
    results.check_new_out(out)
    made, before = new_directories(out), set(os.listdir(out)) if os.path.isdir(out) else set()
    jobs = run["jobs"] or local.default_jobs()
    held = False
    try:
        lock.hold(out)  # (refused: OUT is another campaign's, whose files stay)
        held = True
        check_no_slurm_jobs(out)
        runs = planner.build(settings, out, build, os.getcwd())
        planner.check_outputs(settings, len(runs), "as Slurm tasks (--slurm)" if run["slurm"] else
                              f"{jobs} at once (-j {jobs})" if jobs > 1 else None)
        plan = planner.make(runs, settings, os.getcwd())  # (the digests: seconds for a large program)
        # The former campaign's rows go only once this plan has replaced its
        # own, marked 'fresh' until they are gone (settled() ends the removal):
        # stopped in between, DIR held the former plan without its rows, and
        # --resume ran the former campaign again.
        planner.save(out, dict(plan, fresh=True))
    except (CampaignError, OSError, KeyboardInterrupt, Stopped):  # refused, failed, or stopped by a signal
        if held:
            undo_out(out, made, before)
        raise
    results.clear_runs(out)
    planner.save(out, plan)
    if run["slurm"]:
        collect_args = (["--log-scale"] if run["log_scale"] else []) + ([] if run["figures"] else ["--no-figures"])
        lock.release()
        return slurm.submit(plan, out, settings["slurm"], collect_args, run["wait"], run["quiet"],
                            lambda ids: planner.save(out, dict(plan, slurm_jobs=ids)))
    return run_locally(plan, out, run)


if __name__ == "__main__":
    # The simulations run detached (setsid): whatever ends this process
    # (Ctrl-C, kill, hang-up) must end them too.
    # (inside the try: a Ctrl-C while they are set was a traceback)
    console.open_closed_stderr()
    try:
        # Ctrl-C raises KeyboardInterrupt, SIGTERM and SIGHUP Stopped; once.
        stopping.stop_on_first_signal(lambda s: KeyboardInterrupt() if s == signal.SIGINT else Stopped(s),
                                     (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
        # A SIGCHLD ignored by whatever started us (inherited through exec)
        # makes the kernel reap the simulations itself: wait4 failed with "No
        # child processes", every run's row was lost, and the campaign ended
        # in that one line, then waited for its timeout timer (--timeout).
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        console.escape_stdout()
        status = main(sys.argv[1:])
    except CampaignError as e:
        print(f"compare-models: {shown(str(e))}", file=sys.stderr)
        status = 2
    except OSError as e:
        where = f"{shown(str(e.filename))}: " if e.filename else ""
        print(f"compare-models: {where}{e.strerror or e}", file=sys.stderr)
        status = 1
    except (KeyboardInterrupt, Stopped) as e:
        # (no run started: --collect, or planning; nothing was killed)
        what = "interrupted; running simulations killed" if simulate.any_started() else "interrupted"
        print(f"compare-models: {shown(slurm.interrupted() or what)}",
              file=sys.stderr)
        status = 128 + signum_of(e)
    finally:
        simulate.kill_all()
    sys.exit(status)
