#!/usr/bin/env bash
# pexpect's `while True: i = child.expect([...])` with nothing but `ptyctl`: each wait reads the output after the
# last match (--since), so a question answered before is not found again, though it stays on the screen. Logs in to
# the ssh-like programs/login.sh ($1), whose first password is wrong. Run by e2e CliScriptE2eTest against a real
# `ptyctl server`; docs/cli.md shows it.
set -euo pipefail
id=$(ptyctl new --cols 80 --rows 24 -- env TRIES=3 bash "$1")
trap 'ptyctl rm "$id" 2>/dev/null || true' EXIT

passwords=(wrong hunter2)
since=0
while out=$(ptyctl wait --terminal "$id" --since "$since" --regex --group 1 --timeout 30000 \
        --match '\(yes/no' --match 'password: ' --match 'session (\d+)' --match 'Permission denied \('); do
    { read -r i; read -r group; read -r since; } <<<"$out"    # which, what it captured, where to go on from
    case $i in
        0) ptyctl write --terminal "$id" --text yes --key Enter ;;
        1) ptyctl write --terminal "$id" --text "${passwords[0]}" --key Enter; passwords=("${passwords[@]:1}") ;;
        2) echo "logged in, session $group"; exit 0 ;;
        3) echo "refused" >&2; exit 1 ;;
    esac
done
echo "no answer: $(ptyctl status --terminal "$id")" >&2      # wait exited 1 (timeout) or 5 (the login ended)
exit 1
