# A module of the same name as one of scripts/campaign/ on PYTHONPATH
# (validation.shadowed_modules): validate.py must not import it.
raise SystemExit("spec.py of PYTHONPATH imported instead of scripts/campaign/spec.py")
