"""interrupt_at.py WHERE SCRIPT [ARGS...]: runs the Python SCRIPT with a
Ctrl-C (KeyboardInterrupt) raised at a chosen instant, to check that the
script ends with one line, not a traceback, whatever it was doing.
WHERE: import:MODULE (while the script imports MODULE) or
call:MODULE.FUNCTION (at the script's first call of it, e.g. subprocess.run)."""
import builtins
import importlib
import os
import runpy
import sys

where, script = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[2:]
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
kind, _, name = where.partition(":")
if kind == "import":
    real_import = builtins.__import__

    def interrupted_import(module, *args, **kwargs):
        if module == name:
            raise KeyboardInterrupt
        return real_import(module, *args, **kwargs)
    builtins.__import__ = interrupted_import
elif kind == "call" and "." in name:
    def interrupted_call(*args, **kwargs):
        raise KeyboardInterrupt
    module, _, function = name.rpartition(".")
    setattr(importlib.import_module(module), function, interrupted_call)
else:
    sys.exit(f"interrupt_at.py: unknown WHERE '{where}' (accepted: import:MODULE, call:MODULE.FUNCTION)")
runpy.run_path(script, run_name="__main__")
