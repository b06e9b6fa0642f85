#!/bin/sh
# deleted_cwd.sh VALIDATE WORK_DIR: validate.py with a relative --platform,
# called from a directory that was deleted: os.getcwd's error was reported
# as 'standard output: cannot write'. Now one line naming --platform, exit 2.
set -u
py=$(python3 -c 'import sys; print(sys.executable)') # (a pyenv shim cannot start from a deleted directory)
rm -rf "$2" && mkdir -p "$2/gone" || exit 1
cd "$2/gone" && rmdir "$2/gone" || exit 1
"$py" "$1" --platform gige=x.xml --list >"$2/stdout" 2>"$2/stderr"
status=$?
want="validate.py: --platform: 'x.xml' is relative and the current directory no longer exists (deleted or moved)"
if [ $status != 2 ] || [ "$(wc -l <"$2/stderr")" != 1 ] || ! grep -qF "$want" "$2/stderr"; then
  echo "exit $status"; cat "$2/stderr"
  exit 1
fi
echo "a relative --platform from a deleted directory: one line, exit 2"
