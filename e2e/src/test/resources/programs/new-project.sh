#!/usr/bin/env bash
# An interactive set-up wizard, the kind of CLI the testing guide tests: it asks, checks the answers, confirms,
# and exits 0 when it created the project, 1 when told not to.
read -rp "Project name: " name
while [[ ! "$name" =~ ^[a-z][a-z0-9-]*$ ]]; do
  printf '\e[31m%s\e[0m\n' "A name is lower-case letters, digits and dashes."
  read -rp "Project name: " name
done
echo "Language:"
echo "  1) Java"
echo "  2) Kotlin"
read -rp "Choose 1-2: " choice
case "$choice" in 1) lang=java ;; 2) lang=kotlin ;; *) lang=java ;; esac
read -rp "Create $name ($lang)? [y/N] " ok
if [ "$ok" != y ]; then
  echo "Nothing created."
  exit 1
fi
sleep 0.3   # the work a real wizard would do
printf '\e[1;32m✔ Created %s\e[0m (%s)\n' "$name" "$lang"
