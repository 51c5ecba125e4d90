#!/usr/bin/env bash
# Drives vim on a ptyctl server with nothing but `ptyctl`: start it in a terminal, type, check the screen, save,
# quit, check the file. The server is found through PTYCTL_URL (and PTYCTL_TOKEN when it has a token).
# Run by e2e CliScriptE2eTest against a real `ptyctl server`; docs/cli.md shows it.
set -euo pipefail
dir=$(mktemp -d)
id=$(ptyctl new --cols 80 --rows 24 --cwd "$dir" -- vim -u NONE -N notes.txt)
trap 'ptyctl rm "$id" 2>/dev/null || true; rm -rf "$dir"' EXIT

ptyctl wait --terminal "$id" --match '"notes.txt" [New]' --timeout 20000   # vim has drawn its first screen
ptyctl write --terminal "$id" --text 'ihello from ptyctl' --key Escape
ptyctl wait --terminal "$id" --match 'hello from ptyctl' --timeout 10000
ptyctl screen "$id" | grep -qx 'hello from ptyctl'                        # the first row, exactly
ptyctl screen "$id" | grep -qx '~'                                         # vim's empty-line markers below it

ptyctl write --terminal "$id" --text ':wq' --key Enter
ptyctl wait --terminal "$id" --timeout 20000 2>/dev/null || true        # returns at once once vim has exited
ptyctl status --terminal "$id" | grep -q '^exited code=0 '
rc=0; ptyctl status --terminal "$id" --running >/dev/null || rc=$?
[ "$rc" -eq 1 ]                                                            # --running: exit 1, it has exited
[ "$(cat "$dir/notes.txt")" = "hello from ptyctl" ]
ptyctl ls | grep "^$id " | grep -q 'exited 0'
echo "vim driven through ptyctl: ok"
