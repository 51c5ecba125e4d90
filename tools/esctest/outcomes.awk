# Reads an esctest2 log and prints one line per test: its name and how it ended (passed, failed, known-bug when
# esctest expected the failure for the terminal named by --expected-terminal, skipped when the test needs a higher
# VT level than the run allows). Used by tools/esctest/run and tools/esctest/run-xterm.
/^Run test: / { name = $3; next }
name == "" { next }
/^Passed\./ { print name, "passed"; name = ""; next }
/^Fails as expected/ { print name, "known-bug"; name = ""; next }
/^Skipped because/ { print name, "skipped"; name = ""; next }
/^\*\*\* TEST / { print name, "failed"; name = ""; next }
