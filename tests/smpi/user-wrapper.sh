#!/bin/sh
# A user's -wrapper for the launcher test: says it ran (and whether the
# plugin is preloaded into what it runs), then runs the command.
case "${LD_PRELOAD:-}" in
  *libcontention-simgrid.so*) echo "user wrapper ran, plugin preloaded" >&2 ;;
  *) echo "user wrapper ran, plugin NOT preloaded" >&2 ;;
esac
exec "$@"
