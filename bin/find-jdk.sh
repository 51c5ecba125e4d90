# Sourced by ./ptyctl and ./run-tests. Sets PTYCTL_JAVA_HOME to a JDK >= 21 (PTYCTL_JAVA_MAJOR to its
# feature version), or prints why not
# and exits 2. Order: $JAVA_HOME, then every JDK under /usr/lib/jvm (newest first), then javac on PATH.
# PTYCTL_JDK_DIRS (colon-separated) replaces /usr/lib/jvm, for machines that keep JDKs elsewhere.

ptyctl_java_major() { # prints the feature version of the JDK at $1, or nothing
  local home=$1 v
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  if [ -f "$home/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
  fi
  if [ -z "$v" ]; then
    v=$("$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
  fi
  echo "$v"
}

ptyctl_find_jdk() {
  local candidate major best="" best_major=0
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  local dir
  IFS=: read -r -a jdk_dirs <<< "${PTYCTL_JDK_DIRS:-/usr/lib/jvm}"
  for dir in "${jdk_dirs[@]}"; do
    for candidate in "$dir"/*; do [ -d "$candidate" ] && candidates+=("$candidate"); done
  done
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  for candidate in "${candidates[@]}"; do
    major=$(ptyctl_java_major "$candidate")
    [ -n "$major" ] || continue
    # JAVA_HOME wins when it is new enough; otherwise take the newest one found.
    if [ "$major" -ge 21 ] && [ "$candidate" = "${JAVA_HOME:-}" ]; then best=$candidate; best_major=$major; break; fi
    if [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then best=$candidate; best_major=$major; fi
  done
  if [ -z "$best" ]; then
    echo "ptyctl: no JDK 21 or newer found (looked at \$JAVA_HOME, ${PTYCTL_JDK_DIRS:-/usr/lib/jvm} and javac on PATH)." >&2
    echo "ptyctl: install one (for example Temurin 25) or point JAVA_HOME at it." >&2
    exit 2
  fi
  PTYCTL_JAVA_HOME=$best
  PTYCTL_JAVA_MAJOR=$best_major
}
