#!/usr/bin/env bash
# An ssh-like login, for the pexpect-style waits (ExpectE2eTest): the host key question the first time
# (KNOWN_HOST=1 skips it), a password read without echo, a y/n confirmation, then a small REPL.
# Password: hunter2. A wrong password ends with "Permission denied" and exit 5, as ssh ends a refused login; with
# TRIES=N the password is asked up to N times, "Permission denied, please try again." between (the same question
# twice, as ssh asks it).
if [ "${KNOWN_HOST:-0}" != 1 ]; then
    echo "The authenticity of host 'build.example (10.0.0.7)' can't be established."
    read -r -p 'Are you sure you want to continue connecting (yes/no/[fingerprint])? ' answer
    if [ "$answer" != yes ]; then
        echo 'Host key verification failed.'
        exit 255
    fi
fi
tries=${TRIES:-1}
while read -r -s -p "deploy@build.example's password: " password; echo; [ "$password" != hunter2 ]; do
    tries=$((tries - 1))
    if [ "$tries" -le 0 ]; then
        echo 'Permission denied (publickey,password).'
        exit 5
    fi
    echo 'Permission denied, please try again.'
done
echo "Welcome to build.example, session $((RANDOM % 9000 + 1000))"
read -r -p 'Deploy release 1.4.2 to production? [y/N] ' confirm
case "$confirm" in
    y|Y) echo 'Deploying 1.4.2... done' ;;
    *) echo 'Not deployed.' ;;
esac
while read -r -p 'deploy> ' command; do
    case "$command" in
        status) echo 'release 1.4.2: healthy (3/3 pods)' ;;
        quit) echo 'bye'; exit 0 ;;
        '') ;;
        *) echo "unknown command: $command" ;;
    esac
done
