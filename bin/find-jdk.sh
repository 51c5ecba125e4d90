# Sourced by ./ptyctl and ./run-tests. Sets PTYCTL_JAVA_HOME to a JDK >= 21 (PTYCTL_JAVA_MAJOR to its
# feature version), or prints why not and exits 2. Order: $JAVA_HOME when it is 21 or newer; otherwise the newest
# of every JDK under /usr/lib/jvm and the one whose javac is on PATH.
# PTYCTL_JDK_DIRS (colon-separated) replaces /usr/lib/jvm, for machines that keep JDKs elsewhere.
# Written with shell builtins where it can: ./ptyctl runs this on every call, and each forked process counts.

ptyctl_read_major() { # sets ptyctl_major to the feature version of the JDK at $1, or to nothing
  local home=$1 line
  ptyctl_major=
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  if [ -f "$home/release" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      case $line in
        JAVA_VERSION=*) line=${line#JAVA_VERSION=}; line=${line#\"}; ptyctl_major=${line%%[!0-9]*}; break ;;
      esac
    done < "$home/release"
  fi
  if [ -z "$ptyctl_major" ]; then
    ptyctl_major=$("$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
  fi
}

ptyctl_java_major() { # prints the feature version of the JDK at $1, or nothing
  ptyctl_read_major "$1"
  echo "$ptyctl_major"
}

ptyctl_find_jdk() {
  local candidate javac dir best="" best_major=0
  local -a candidates=() jdk_dirs=()
  if [ -n "${JAVA_HOME:-}" ]; then
    ptyctl_read_major "$JAVA_HOME"
    if [ -n "$ptyctl_major" ] && [ "$ptyctl_major" -ge 21 ]; then
      PTYCTL_JAVA_HOME=$JAVA_HOME
      PTYCTL_JAVA_MAJOR=$ptyctl_major
      return 0
    fi
  fi
  IFS=: read -r -a jdk_dirs <<< "${PTYCTL_JDK_DIRS:-/usr/lib/jvm}"
  for dir in "${jdk_dirs[@]}"; do
    for candidate in "$dir"/*; do [ -d "$candidate" ] && candidates+=("$candidate"); done
  done
  if javac=$(command -v javac 2>/dev/null); then
    javac=$(readlink -f "$javac")
    candidates+=("${javac%/bin/*}")
  fi
  for candidate in "${candidates[@]}"; do
    ptyctl_read_major "$candidate"
    [ -n "$ptyctl_major" ] || continue
    if [ "$ptyctl_major" -ge 21 ] && [ "$ptyctl_major" -gt "$best_major" ]; then
      best=$candidate
      best_major=$ptyctl_major
    fi
  done
  if [ -z "$best" ]; then
    echo "ptyctl: no JDK 21 or newer found (looked at \$JAVA_HOME, ${PTYCTL_JDK_DIRS:-/usr/lib/jvm} and javac on PATH)." >&2
    echo "ptyctl: install one (for example Temurin 25) or point JAVA_HOME at it." >&2
    exit 2
  fi
  PTYCTL_JAVA_HOME=$best
  PTYCTL_JAVA_MAJOR=$best_major
}
