"""How the campaign and the validation stop on a signal, shared by both:
the first signal raises once, the later ones are ignored, and the main
thread wakes often enough to take it."""
import atexit
import queue
import signal


def stop_on_first_signal(exception_for, signums):
    """Handlers for signums: the first of these signals raises
    exception_for(signum) in the main thread, the later ones do nothing,
    up to the process's end. A second Ctrl-C in the cleanup the first one
    started (killing the runs, writing the results) ended the program in a
    traceback or with another status. A signal ignored when the program
    started stays ignored: under nohup, a hang-up stopped the run nohup was
    meant to keep going. -> {signum: previous handler} of those installed."""
    fired = []

    def ignore_to_the_end():
        # Python puts the default action back at its very end, after the
        # exit handlers: a signal then still killed the process.
        for s in installed:
            signal.signal(s, signal.SIG_IGN)

    def handler(signum, _frame):
        if not fired:
            fired.append(signum)
            atexit.register(ignore_to_the_end)
            raise exception_for(signum)
    installed = {s: signal.signal(s, handler) for s in signums if signal.getsignal(s) != signal.SIG_IGN}
    return installed


# The longest the main thread sleeps while threads run (s): then it takes
# the signals that came meanwhile.
WAKE_STEP = 0.25


def finished_in_turn(futures):
    """The futures as they finish (as concurrent.futures.as_completed), the
    main thread awake every WAKE_STEP s. Python's handlers run in the main
    thread once it wakes, and a signal can trip them without waking it (one
    the kernel gives to another of the process's threads, or one that comes
    just before it blocks). Waiting with no timeout, it slept on: a SIGTERM
    and a Ctrl-C sent together left the campaign running with its
    simulations, about one time in five."""
    finished = queue.SimpleQueue()
    for f in futures:
        f.add_done_callback(finished.put)
    for _ in futures:
        while True:
            try:
                yield finished.get(timeout=WAKE_STEP)
                break
            except queue.Empty:
                pass
