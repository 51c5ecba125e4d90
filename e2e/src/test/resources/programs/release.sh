#!/usr/bin/env bash
# A release script that shows its stage in the window title (OSC 2) and rings the bell (BEL) each time it needs an
# answer: the signs a user notices from another tab. It asks until it gets y or n; y publishes, n cancels (exit 1).
printf '\e]2;release: building\a'
echo "Building v1.2 ..."
printf '\e]2;release: waiting for approval\a'
while true; do
  printf '\a'
  read -rp "Publish v1.2? [y/n] " answer
  case "$answer" in
    y) printf '\e]2;release: published\a'; echo "Published v1.2"; exit 0 ;;
    n) printf '\e]2;release: cancelled\a'; echo "Cancelled"; exit 1 ;;
  esac
done
