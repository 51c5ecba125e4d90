#!/usr/bin/env python3
"""Records real programs through a pseudo-terminal for the emulator's differential corpus.

Each recording runs one program in a PTY of a fixed size, drives it with scripted keystrokes
and waits (for a piece of text to appear, or for the output to go quiet), and writes every byte
the program printed to vt/src/test/resources/corpus/rec-<name>.bin, with rec-<name>.json
giving the size. Nothing answers the program's terminal queries (there is no terminal on the
other side): programs that ask wait a moment and carry on, as they do over a slow link. The
recordings made with answer=True (the *-answered ones, ipython) get ptyctl's server answers instead
(class Answers), as programs do in a ptyctl terminal.

The environment is fixed and private-free: a temporary HOME and working folder, PS1='$ ',
LANG=C.UTF-8, TERM=xterm-256color, TZ=UTC, fixed git identities and dates. After recording, the
output is checked for this machine's host name and the temporary paths.

Usage: python3 tools/record/record.py [NAME ...]     (no name: every recording)
       python3 tools/record/record.py --list
Needs: apt-get install -y bash vim less git man-db dialog htop mc nano emacs-nox neovim tig ncdu w3m tmux zsh fish
ipython3 python3-rich bat whiptail screen gcc gdb chafa micro nnn procps sqlite3 nodejs (TOOLS below maps each program to its package; a
missing one is named), and the xterm.js oracle (npm ci --prefix tools/xterm-oracle) for the answered recordings.
"""

import argparse
import contextlib
import fcntl
import json
import os
import pathlib
import pty
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "vt" / "src" / "test" / "resources" / "corpus"
MAX_BYTES = 200 * 1024
ENTER = "\r"
ESC = "\x1b"
# Cursor keys as a terminal sends them in application cursor mode (DECCKM), which mc turns on.
DOWN = ESC + "OB"
RIGHT = ESC + "OC"


class Session:
    """One program in a PTY: send keystrokes, wait for output, collect every byte."""

    def __init__(self, argv, cols, rows, env, cwd, answer=False):
        self.output = bytearray()
        self.size = (cols, rows)
        self.mark = 0
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.chdir(cwd)
            os.execvpe(argv[0], argv, env)
        self.closed = False
        self.finished = False
        self.resizes = []
        self.answers = Answers(self) if answer else None

    def _read_once(self, timeout):
        if self.closed:
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.output += data
        if self.answers:
            self.answers.scan()
        return True

    def expect(self, text, timeout=15.0):
        """Reads until text (a str or a compiled bytes regex) appears after the last match."""
        deadline = time.monotonic() + timeout
        pattern = text if isinstance(text, re.Pattern) else re.compile(re.escape(text.encode("utf-8")))
        while True:
            match = pattern.search(self.output, self.mark)
            if match:
                self.mark = match.end()
                return
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                tail = bytes(self.output[-400:])
                raise TimeoutError("did not see %r; output ends with %r" % (pattern.pattern, tail))
            self._read_once(left)

    def read_for(self, seconds):
        """Reads whatever arrives for this long, however busy the program is."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.closed:
            self._read_once(deadline - time.monotonic())

    def settle(self, quiet=0.4, timeout=15.0):
        """Reads until no output has arrived for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.closed:
            if not self._read_once(quiet):
                return
        self.mark = len(self.output)

    def send(self, keys, settle=0.0):
        os.write(self.fd, keys.encode("utf-8"))
        if settle:
            self.settle(settle)

    def type(self, text, settle=0.15):
        """Types text one key at a time, the way a person does, so echo arrives in pieces."""
        for ch in text:
            os.write(self.fd, ch.encode("utf-8"))
            self.settle(0.02, timeout=1.0)
        if settle:
            self.settle(settle)

    def resize(self, cols, rows, settle=0.6, quiet_first=True):
        """Resizes the PTY (the program gets SIGWINCH) once earlier output has arrived (or, without
        quiet_first, in the middle of output, as a user dragging a window does); the offset is recorded
        so the test resizes its terminals at the same point of the stream."""
        if quiet_first:
            self.settle(0.3)
        self.resizes.append([len(self.output), cols, rows])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        if settle:
            self.settle(settle)

    def stop(self, quiet=0.5):
        """Ends the recording while the program still shows its screen: waits for quiet, then kills it."""
        self.settle(quiet)
        if not self.closed:
            os.kill(self.pid, signal.SIGKILL)
        return self

    def finish(self, timeout=10.0):
        """Reads until the program exits (killing it after timeout) and returns all output."""
        if self.finished:
            return bytes(self.output)
        self.finished = True
        deadline = time.monotonic() + timeout
        while not self.closed and time.monotonic() < deadline:
            self._read_once(deadline - time.monotonic())
        if not self.closed:
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        if self.answers:
            self.answers.close()
        return bytes(self.output)


class Answers:
    """Answers a program's terminal queries as ptyctl's server does (docs/emulator.md, "Queries and who answers
    them"), for recordings of programs that behave differently once a terminal answers: DA1, DA2, DSR, the cursor
    reports, XTVERSION, DECRQM, XTGETTCAP and the colour queries. Where the cursor is, for the cursor reports, is
    asked of the xterm.js oracle (tools/xterm-oracle, installed with npm ci) fed the output so far."""

    QUERY = re.compile(rb"\x1b\[(?:(?P<da1>0?c)|(?P<da2>>0?c)|(?P<dsr>5n)|(?P<cpr>\??6n)|(?P<version>>0?q)"
                       rb"|(?P<rqm>\??)(?P<mode>\d+)\$p|\?(?P<set>[\d;]+)(?P<on>[hl]))"
                       rb"|\x1b\](?P<osc>1[0-2]);\?(?:\x07|\x1b\\)"
                       rb"|\x1bP\+q(?P<tcap>[0-9A-Fa-f;]*)\x1b\\")
    COLOURS = {b"10": "ffff/ffff/ffff", b"11": "0000/0000/0000", b"12": "ffff/ffff/ffff"}
    # DEC modes ptyctl reports as set or reset (the others it reports unknown or permanently reset).
    DEC_MODES = {1, 3, 4, 5, 6, 7, 9, 12, 25, 40, 45, 47, 66, 67, 69, 1000, 1001, 1002, 1003, 1004, 1006, 1016, 1047,
                 1048, 1049, 2004, 2026}

    def __init__(self, session):
        self.session = session
        self.scanned = 0
        self.modes = {7: True, 25: True}
        self.oracle = subprocess.Popen(["node", str(ROOT / "tools" / "xterm-oracle" / "oracle.mjs")], text=True,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.capabilities = {}
        table = ROOT / "vt" / "src" / "main" / "resources" / "dev" / "ptyctl" / "vt" / "terminal"
        for line in (table / "xterm-256color-capabilities.txt").read_text().splitlines():
            if line and not line.startswith("#"):
                terminfo, termcap, value = line.split(" ", 2)
                value = re.sub(r"\^(.)", lambda m: "\x7f" if m[1] == "?" else chr(ord(m[1]) & 0x1f), value)
                value = value.replace("\\E", "\x1b")
                self.capabilities[terminfo] = self.capabilities[termcap] = value

    def scan(self):
        out = self.session.output
        end = self.scanned
        for m in self.QUERY.finditer(out, self.scanned):
            end = m.end()
            reply = self.reply(m)
            if reply:
                os.write(self.session.fd, reply.encode("utf-8"))
        # A query cut across two reads is found on the next one.
        self.scanned = max(end, len(out) - 64)

    def reply(self, m):
        if m["da1"]:
            return "\x1b[?65;1;2;6;9;15;16;17;18;21;22;28;29c"
        if m["da2"]:
            return "\x1b[>64;379;0c"
        if m["dsr"]:
            return "\x1b[0n"
        if m["cpr"]:
            row, col = self.cursor(m.end())
            return "\x1b[?%d;%d;1R" % (row, col) if m["cpr"].startswith(b"?") else "\x1b[%d;%dR" % (row, col)
        if m["version"]:
            return "\x1bP>|ptyctl(0.1.0)\x1b\\"
        if m["mode"]:
            mode = int(m["mode"])
            if not m["rqm"]:
                return "\x1b[%d;%d$y" % (mode, 2 if mode in (2, 4, 12, 20) else 4)
            state = (1 if self.modes.get(mode) else 2) if mode in self.DEC_MODES else 0
            return "\x1b[?%d;%d$y" % (mode, state)
        if m["set"]:
            for mode in m["set"].split(b";"):
                if mode:
                    self.modes[int(mode)] = m["on"] == b"h"
            return None
        if m["osc"]:
            return "\x1b]%s;rgb:%s\x1b\\" % (m["osc"].decode(), self.COLOURS[m["osc"]])
        if m["tcap"] is not None:
            answers = []
            for name in m["tcap"].split(b";"):
                value = self.capabilities.get(bytes.fromhex(name.decode()).decode("latin-1"))
                if value is None:
                    answers.append("\x1bP0+r%s\x1b\\" % name.decode())
                    break
                answers.append("\x1bP1+r%s=%s\x1b\\" % (name.decode(), value.encode("utf-8").hex().upper()))
            return "".join(answers)
        return None

    def cursor(self, upto):
        """1-based row and column of the cursor after upto bytes, as xterm.js has it (the last column while a
        wrap is pending, as ptyctl reports it)."""
        import base64
        chunks, start = [], 0
        for offset, cols, rows in self.session.resizes:
            if offset > upto:
                break
            chunks.append(base64.b64encode(bytes(self.session.output[start:offset])).decode())
            chunks.append({"resize": [cols, rows]})
            start = offset
        chunks.append(base64.b64encode(bytes(self.session.output[start:upto])).decode())
        cols, rows = self.session.size
        self.oracle.stdin.write(json.dumps({"id": 1, "cols": cols, "rows": rows, "scrollback": 1000,
                                            "chunks": chunks}) + "\n")
        self.oracle.stdin.flush()
        answer = json.loads(self.oracle.stdout.readline())
        width = answer["cols"]
        return answer["cursor"]["y"] + 1, min(answer["cursor"]["x"], width - 1) + 1

    def close(self):
        self.oracle.stdin.close()
        self.oracle.wait()


def base_env(home):
    return {
        "HOME": str(home),
        "USER": "user",
        "LOGNAME": "user",
        "SHELL": "/bin/bash",
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TZ": "UTC",
        "PS1": "$ ",
        "HISTFILE": "/dev/null",
        "LESSHISTFILE": "-",
        "PAGER": "less",
        "EDITOR": "vi",
        "GIT_CONFIG_NOSYSTEM": "1",
    }


# --- the recordings ---------------------------------------------------------------------------

def rec_vim(s_factory, work):
    (work / "notes.txt").write_text("".join("line %02d: the quick brown fox\n" % i for i in range(1, 41)))
    s = s_factory(["vim", "-u", "NONE", "-i", "NONE", "-N", "notes.txt"], 80, 24)
    s.expect("notes.txt")
    s.settle(0.5)
    s.send(":syntax on\r:set number ruler\r", 0.4)
    s.send("5G", 0.2)
    s.send("A appended \u00e9\u00e8 \u4e2d\u6587", 0.2)
    s.send(ESC, 0.3)
    s.send("o", 0.1)
    s.type("new line typed in insert mode")
    s.send(ESC, 0.3)
    s.send("dd", 0.2)
    s.send("u", 0.3)
    s.send("\x06", 0.4)  # Ctrl-F: a page down
    s.send("/fox\r", 0.3)
    s.send("n", 0.2)
    s.send(":%s/quick/slow/g\r", 0.4)
    s.send("gg", 0.3)
    s.send("Vjj", 0.3)
    s.send(ESC, 0.2)
    s.send(":w\r", 0.3)
    s.send("12G", 0.3)
    return s.stop()


def rec_vim_quit(s_factory, work):
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    s.type("printf 'before vim\\n'; vim -u NONE -i NONE -N short.txt\r")
    s.expect("short.txt")
    s.settle(0.5)
    s.send("i", 0.1)
    s.type("written in vim")
    s.send(ESC, 0.2)
    s.send(":wq\r")
    s.expect("$ ")
    s.type("cat short.txt\r")
    s.expect("$ ")
    return s.stop()


def rec_vim_resize(s_factory, work):
    (work / "wide.txt").write_text("".join("%02d " % i + "lorem ipsum dolor sit amet " * 3 + "\n" for i in range(1, 31)))
    s = s_factory(["vim", "-u", "NONE", "-i", "NONE", "-N", "wide.txt"], 80, 24)
    s.expect("wide.txt")
    s.settle(0.5)
    s.send(":set number\r", 0.3)
    s.resize(50, 16)
    s.send("10G", 0.3)
    s.resize(100, 30)
    s.send("A tail", 0.2)
    s.send(ESC, 0.3)
    return s.stop()


def rec_bash_resize(s_factory, work):
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 60, 12)
    s.expect("$ ")
    s.type("for i in $(seq 1 8); do printf 'line %s of a long-ish output that wraps at narrow widths\\n' $i; done\r")
    s.expect("$ ")
    s.type("echo a command line long enough to wrap when the terminal gets narrow")
    s.resize(30, 10)
    s.send("\x01", 0.2)  # Ctrl-A: readline redraws across the wrapped line
    s.resize(80, 12)
    s.send("\x05\r")
    s.expect("$ ")
    return s.stop()


def rec_less(s_factory, work):
    lines = []
    for i in range(1, 301):
        if i % 7 == 0:
            lines.append("\x1b[1mline %03d\x1b[0m with \x1b[32mgreen\x1b[0m words and a needle here" % i)
        else:
            lines.append("line %03d: lorem ipsum dolor sit amet, consectetur adipiscing" % i)
    (work / "long.txt").write_text("\n".join(lines) + "\n")
    s = s_factory(["less", "-R", "long.txt"], 80, 24)
    s.expect("long.txt")
    s.settle(0.3)
    for keys in [" ", " ", "b", "j", "j", "k", "/needle\r", "n", "n", "G", "g", "50%", "d", "u", "/needle\r"]:
        s.send(keys, 0.25)
    return s.stop()


def git_repo(work, env):
    repo = work / "repo"
    repo.mkdir()
    stamp = [1700000000]

    def git(*args):
        stamp[0] += 3600
        date = "@%d +0000" % stamp[0]
        run_env = dict(env, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
        subprocess.run(["git"] + list(args), cwd=repo, env=run_env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def commit(name, text):
        (repo / name).write_text(text)
        git("add", name)
        git("commit", "-q", "-m", "Add %s" % name)

    git("init", "-q", "-b", "main")
    commit("README.md", "# demo\n")
    commit("main.c", "int main(void) { return 0; }\n")
    git("checkout", "-q", "-b", "feature")
    commit("feature.c", "void feature(void) {}\n")
    commit("feature.h", "void feature(void);\n")
    git("checkout", "-q", "main")
    commit("docs.md", "docs\n")
    git("merge", "-q", "--no-ff", "-m", "Merge branch 'feature'", "feature")
    git("tag", "v1.0")
    git("checkout", "-q", "-b", "fix")
    commit("fix.txt", "fix \u00e9\u4e2d\n")
    git("checkout", "-q", "main")
    commit("more.md", "more\n")
    return repo


def rec_git_log(s_factory, work, env):
    repo = git_repo(work, env)
    s = s_factory(["git", "--no-pager", "log", "--graph", "--color=always", "--decorate=short", "--all",
                   "--format=%C(auto)%h%d %s %C(blue)<%an>%C(reset)"], 80, 24, cwd=repo)
    return s


def rec_git_log_pager(s_factory, work, env):
    repo = git_repo(work, env)
    s = s_factory(["git", "log", "--graph", "--color", "--stat", "--all"], 80, 24, cwd=repo)
    s.settle(0.5)
    s.send(" ", 0.3)
    s.send("k", 0.3)
    return s.stop()


def prepare_tree(work):
    tree = work / "tree"
    for sub in ["src/main", "src/test", "docs", "bin", "empty"]:
        (tree / sub).mkdir(parents=True, exist_ok=True)
    for name in ["src/main/App.java", "src/test/AppTest.java", "docs/readme.md", "docs/\u65e5\u672c\u8a9e.txt",
                 "archive.tar.gz", "photo.png", "notes with spaces.txt"]:
        (tree / name).write_text("x\n")
    script = tree / "bin" / "run.sh"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    os.symlink("docs/readme.md", tree / "link-to-readme")
    os.symlink("missing-target", tree / "broken-link")
    os.mkfifo(tree / "a-fifo")
    (tree / "shared").mkdir()
    (tree / "shared").chmod(0o1777)
    fixed = time.mktime((2024, 1, 2, 3, 4, 5, 0, 0, 0))
    for path in sorted(tree.rglob("*"), reverse=True) + [tree, work]:
        os.utime(path, (fixed, fixed), follow_symlinks=False)
    return tree


def rec_ls_color(s_factory, work):
    tree = prepare_tree(work)
    return s_factory(["ls", "--color=always", "-R", "-F", "."], 80, 24, cwd=tree)


def rec_ls_long(s_factory, work):
    tree = prepare_tree(work)
    return s_factory(["ls", "--color=always", "-la", "--time-style=long-iso", "."], 100, 30, cwd=tree)


def rec_man_ls(s_factory, work):
    s = s_factory(["man", "ls"], 80, 24, extra_env={"MANPAGER": "less", "MANWIDTH": "80"})
    s.expect("LS(1)")
    s.settle(0.5)
    for keys in [" ", " ", "/sort\r", "n", "G", "10k"]:
        s.send(keys, 0.3)
    return s.stop()


def rec_python_repl(s_factory, work):
    s = s_factory(["python3", "-q"], 80, 24, extra_env={"PYTHONSTARTUP": "", "PYTHONHISTORY": str(work / "h")})
    s.expect(">>> ")
    s.type("1 + 1\r")
    s.expect(">>> ")
    s.type("print('h\u00e9llo \u4e16\u754c \U0001f600')\r")
    s.expect(">>> ")
    s.type("for i in range(3):\r")
    s.expect("... ")
    s.type("    print(i * '*')\r")
    s.expect("... ")
    s.send("\r")
    s.expect(">>> ")
    s.send(ESC + "[A", 0.3)  # history: up arrow recalls the loop's last line
    s.send(ESC + "[A", 0.3)
    s.send("\x15", 0.2)  # Ctrl-U: kill the line
    s.type("import sys; sys.version_info[:1]\r")
    s.expect(">>> ")
    s.type("1/0\r")
    s.expect(">>> ")
    s.type("exit()\r")
    return s


def rec_dialog(s_factory, work):
    argv = ["dialog", "--backtitle", "ptyctl corpus", "--title", "Pick one", "--checklist",
            "Choose toppings \u2014 \u00e9\u00e8 \u4e2d", "15", "50", "5",
            "1", "Cheese", "on", "2", "Tomato", "off", "3", "Basil", "off", "4", "Olives", "on"]
    s = s_factory(argv, 80, 24)
    s.expect("Olives")
    s.settle(0.4)
    for keys in [ESC + "[B", " ", ESC + "[B", " ", ESC + "[A", "\t", "\t"]:
        s.send(keys, 0.25)
    return s.stop()


def rec_dialog_menu(s_factory, work):
    argv = ["dialog", "--title", "Menu", "--menu", "Select an entry", "12", "40", "4",
            "a", "Alpha", "b", "Beta", "c", "Gamma", "d", "Delta", "e", "Epsilon", "f", "Zeta"]
    s = s_factory(argv, 60, 20)
    s.expect("Select an entry")
    s.settle(0.4)
    for keys in [ESC + "[B", ESC + "[B", ESC + "[B", ESC + "[B", ESC + "[A"]:
        s.send(keys, 0.25)
    return s.stop()


@contextlib.contextmanager
def own_sleeper():
    """The pid of a `sleep 60` of our own, killed afterwards: process viewers watch only it (-p), so the
    recording shows no process of this machine."""
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        yield sleeper.pid
    finally:
        sleeper.kill()
        sleeper.wait()


def rec_htop(s_factory, work):
    with own_sleeper() as pid:
        s = s_factory(["htop", "-d", "10", "-p", str(pid)], 100, 30)
        s.expect("sleep")
        s.settle(0.6, timeout=3)
        for keys in [ESC + "OP", ESC + "[21~"]:  # F1 help, then F10 leaves help
            s.send(keys, 0.5)
        s.send("t", 0.5)  # tree view
        s.stop()
        s.finish()
        return s


def rec_bash_readline(s_factory, work):
    for name in ["alpha.txt", "alphabet.txt", "beta.log"]:
        (work / name).write_text("x\n")
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    s.type("echo hello world")
    s.send("\x01", 0.1)  # Ctrl-A: start of line
    s.type("# ")
    s.send("\x05", 0.1)  # Ctrl-E: end of line
    s.send("\x17", 0.1)  # Ctrl-W: kill the last word
    s.type("readline")
    s.send(ESC + "b", 0.1)  # Alt-B: a word back
    s.send(ESC + "[D" + ESC + "[D", 0.1)
    s.type("big ")
    s.send("\x01", 0.1)
    s.send(ESC + "d", 0.1)  # Alt-D: delete the commented word
    s.send("\x0b", 0.1)  # Ctrl-K: kill to end
    s.type("echo colours: $'\\e[31mred\\e[0m' \u4e2d\u6587 \U0001f600\r")
    s.expect("$ ")
    s.type("cat al\t")
    s.settle(0.3)
    s.send("\t", 0.3)
    s.send("\t", 0.3)
    s.type("ph\t\r")
    s.expect("$ ")
    s.send(ESC + "[A", 0.2)  # history up
    s.send(ESC + "[A", 0.2)
    s.send("\x03", 0.2)  # Ctrl-C: abandon the line
    s.send("\x12", 0.1)  # Ctrl-R: reverse search
    s.type("colo")
    s.send(ENTER)
    s.expect("$ ")
    s.send("\x0c", 0.3)  # Ctrl-L: clear screen
    s.type("for i in 1 2 3; do printf '%s\\n' \"row $i\"; done\r")
    s.expect("$ ")
    s.type("printf '\\e[1;4;38;5;208mbold orange\\e[0m\\n'; ls\r")
    s.expect("$ ")
    s.type("echo unfinished line")
    s.send(ESC + "b" + ESC + "b", 0.2)
    return s.stop()


def rec_cat_unicode(s_factory, work):
    text = "\n".join([
        "Chinese:  \u4e2d\u6587\u5b57\u7b26\u6d4b\u8bd5 \u2014 \u4f60\u597d\uff0c\u4e16\u754c\uff01",
        "Japanese: \u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002\u30ab\u30bf\u30ab\u30ca\u3068\u3072\u3089\u304c\u306a",
        "Korean:   \ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8 \uc548\ub155\ud558\uc138\uc694",
        "Emoji:    \U0001f600 \U0001f680 \U0001f44d\U0001f3fd \U0001f468\u200d\U0001f469\u200d\U0001f467 \U0001f1ef\U0001f1f5 \u2764\ufe0f \u2615",
        "Accents:  e\u0301 n\u0303 a\u0308 \u00e9\u00e8\u00ea \u1e9b\u0323",
        "Box:      \u250c\u2500\u252c\u2500\u2510 \u2502 \u2502 \u2502 \u2514\u2500\u2534\u2500\u2518",
        "Mixed:    ASCII \u4e2d ASCII \U0001f600 ASCII \uff21\uff22\uff23",
        "Long:     " + "\u4e2d\u6587" * 40,
        "Quotes:   \u2018single\u2019 \u201cdouble\u201d \u2026 \u2013 \u2014 \u2022",
    ]) + "\n"
    (work / "unicode.txt").write_text(text)
    return s_factory(["cat", "unicode.txt"], 80, 24)


# Programs that show absolute paths (mc's viewer, gdb) run in this fixed folder (made afresh and removed
# after), not under the temporary one whose name changes and is checked for.
MC_FOLDER = pathlib.Path("/tmp/ptyctl-demo")


def mc_session(s_factory, work, extra_env=None, subshell=False):
    """mc in MC_FOLDER/tree. Its settings: no window title (it names the user and the host), no
    free-space figure (this machine's disk), no hint line (a random hint each start)."""
    config = work.parent / "home" / ".config" / "mc"
    config.mkdir(parents=True, exist_ok=True)
    (config / "ini").write_text("[Midnight-Commander]\nconfirm_exit=true\nauto_save_setup=false\n"
                                "[Layout]\nxterm_title=false\nfree_space=false\nmessage_visible=false\n")
    shutil.rmtree(MC_FOLDER, ignore_errors=True)
    MC_FOLDER.mkdir()
    tree = prepare_tree(MC_FOLDER)
    (tree / "docs" / "readme.md").write_text("".join("readme line %02d \u00e9 \u4e2d\n" % i for i in range(1, 30)))
    s = s_factory(["mc"] if subshell else ["mc", "-u"], 80, 24, cwd=tree, extra_env=extra_env)
    s.expect("Quit")
    s.settle(1.5)  # mc reads keys only once its first screen is complete
    return s


def rec_mc(s_factory, work):
    s = mc_session(s_factory, work)
    try:
        for keys in [DOWN, DOWN, "\r"]:  # into docs/
            s.send(keys, 0.3)
        s.send(DOWN, 0.3)
        s.send(ESC + "OR", 0.5)  # F3: the internal viewer
        s.send(" ", 0.3)
        s.send("q", 0.4)
        s.send("\t", 0.3)  # the other panel
        s.send(ESC + "[20~", 0.5)  # F9: the menu bar
        s.send(DOWN, 0.3)
        s.send(RIGHT, 0.3)
        s.send(ESC + ESC, 0.5)
        s.send(ESC + "[<0;10;6M", 0.2)  # a click in the left panel (SGR mouse): press,
        s.send(ESC + "[<0;10;6m", 0.4)  # release
        s.resize(100, 30)
        s.send(ESC + "[21~", 0.5)  # F10: the quit confirmation
        return s.stop()
    finally:
        shutil.rmtree(MC_FOLDER, ignore_errors=True)


def rec_mc_line_drawing(s_factory, work):
    s = mc_session(s_factory, work, extra_env={"LANG": "C", "LC_ALL": "C"})
    try:
        s.send(DOWN, 0.3)
        s.send(ESC + "[20~", 0.5)  # F9: the menu bar, its box drawn with DEC line drawing
        s.send(DOWN, 0.3)
        s.send(ESC + ESC, 0.5)
        s.resize(70, 20)
        return s.stop()
    finally:
        shutil.rmtree(MC_FOLDER, ignore_errors=True)


def rec_nano(s_factory, work):
    (work / "poem.txt").write_text("".join("%02d roses are red, violets are blue \u00e9 \u4e2d\u6587\n" % i for i in range(1, 41)))
    s = s_factory(["nano", "--ignorercfile", "-l", "poem.txt"], 80, 24)
    s.expect("poem.txt")
    s.settle(0.5)
    s.send(ESC + "[B" * 3, 0.2)
    s.send(ESC + "[F", 0.2)  # End
    s.type(" typed \U0001f600")
    s.send("\x0b", 0.3)  # ^K: cut the line
    s.send("\x15", 0.3)  # ^U: paste it back
    s.send("\x17", 0.3)  # ^W: search
    s.type("violets\r")
    s.settle(0.3)
    s.send("\x16", 0.4)  # ^V: a page down
    s.resize(60, 16)
    s.send("\x07", 0.5)  # ^G: help
    s.send("\x18", 0.4)  # ^X leaves help
    s.send("\x18", 0.4)  # ^X: save? prompt
    return s.stop()


def rec_emacs(s_factory, work):
    (work / "hello.py").write_text("".join("def f%d(x):\n    return x * %d  # \u00e9\n\n" % (i, i) for i in range(1, 15)))
    s = s_factory(["emacs", "-nw", "-Q", "hello.py"], 80, 24)
    s.expect("hello.py")
    s.settle(2.5, timeout=10)  # emacs waits for answers to its terminal queries
    s.send("\x0e\x0e\x05", 0.3)  # C-n C-n C-e
    s.type(" + 1")
    s.send("\x16", 0.4)  # C-v: a page down
    s.send(ESC + "x", 0.3)
    s.type("split-window-right\r")
    s.settle(0.5)
    s.send("\x13", 0.3)  # C-s: incremental search
    s.type("return")
    s.send("\x07", 0.3)
    s.resize(100, 30)
    s.send("\x18o", 0.4)  # C-x o: the other window
    s.send("\x181", 0.5)  # C-x 1: only this one (C-x C-c would ask to save under the temporary path)
    return s.stop()


def rec_nvim(s_factory, work):
    (work / "spell.md").write_text("# Title\n\nThis sentence has a speling mistake and anothr one.\n\n"
                                   + "".join("- item %d with `code` and *emphasis* \u00e9 \u4e2d\n" % i for i in range(1, 25)))
    s = s_factory(["nvim", "--clean", "-n", "spell.md"], 80, 24)
    s.expect("spell.md")
    s.settle(1.0)
    s.send(":set termguicolors number cursorline spell\r", 0.5)  # true colour, undercurl for the mistakes
    s.send(":colorscheme desert\r", 0.5)
    s.send("3G", 0.3)
    s.send("A appended", 0.2)
    s.send(ESC, 0.3)
    s.send(":vsplit\r", 0.5)
    s.send("\x06", 0.4)  # Ctrl-F
    s.resize(100, 30)
    s.send(":set nospell\r", 0.4)
    return s.stop()


def rec_tig(s_factory, work, env):
    repo = git_repo(work, env)
    s = s_factory(["tig", "--all"], 80, 24, cwd=repo)
    s.expect("Merge")
    s.settle(0.5)
    for keys in ["j", "j", "\r"]:  # the third commit's diff in a split view
        s.send(keys, 0.4)
    s.send("j", 0.3)
    s.resize(100, 30)
    s.send("q", 0.4)
    s.send("s", 0.5)  # status view
    return s.stop()


def rec_ncdu(s_factory, work):
    # ncdu reads a listing in its own export format, so the sizes and the root's name are fixed.
    def entry(name, size):
        return {"name": name, "asize": size, "dsize": (size + 4095) // 4096 * 4096, "ino": len(name)}
    listing = [{"name": "/srv/demo", "asize": 4096, "dsize": 4096},
               entry("photo.png", 3_500_000), entry("notes \u4e2d\u6587.txt", 1200),
               [{"name": "src", "asize": 4096, "dsize": 4096}, entry("App.java", 22_000), entry("Util.java", 9_000)],
               [{"name": "build", "asize": 4096, "dsize": 4096}, entry("app.jar", 12_000_000),
                entry("classes.zip", 800_000)],
               entry("archive.tar.gz", 45_000_000), entry("empty", 0)]
    (work / "listing.json").write_text(json.dumps([1, 2, {"progname": "ncdu", "progver": "1.18", "timestamp": 1700000000},
                                                   listing]))
    s = s_factory(["ncdu", "--color", "dark", "-f", "listing.json"], 80, 24)
    s.expect("Total disk usage")
    s.settle(0.4)
    for keys in ["j", "j", "\r", "j", "h", "g", "g", "i"]:  # into build/, out, graph modes, item info
        s.send(keys, 0.3)
    s.resize(60, 18)
    s.send("q", 0.3)
    s.send("?", 0.4)
    return s.stop()


def rec_w3m(s_factory, work):
    rows = "".join("<tr><td>%d</td><td>row %d \u00e9</td><td>\u4e2d\u6587</td></tr>" % (i, i) for i in range(1, 12))
    (work / "page.html").write_text(
        "<html><head><title>Demo page</title></head><body><h1>Heading</h1>"
        "<p>Some <b>bold</b>, <i>italic</i> and <u>underlined</u> text, a <a href='#table'>link</a>.</p>"
        "<ul><li>first</li><li>second</li></ul><h2 id='table'>Table</h2><table border=1>%s</table>"
        "<pre>preformatted   text</pre>%s</body></html>" % (rows, "<p>filler paragraph</p>" * 20))
    s = s_factory(["w3m", "-no-cookie", "-o", "confirm_qq=0", "page.html"], 80, 24)
    s.expect("Heading")
    s.settle(0.5)
    for keys in ["\t", "\r", " ", "b", "\t"]:  # follow the link, page down and back
        s.send(keys, 0.4)
    s.resize(60, 20)
    return s.stop()


@contextlib.contextmanager
def tmux_demo(s_factory, work, settle, answer=False):
    """A session of tmux at 80x24 (status line '[demo] ... ptyctl', bash at '$ '), its server in `work`, given once
    the prompt is up and `settle` seconds have passed. The server writes to the terminal itself: it is killed outright
    at the end, so that it does not restore the terminal (leave the alternate screen) after the recording has stopped."""
    (work / "tmux.conf").write_text("set -g status-right 'ptyctl'\nset -g status-left '[demo] '\n"
                                    "set -g default-command \"env PS1='$ ' bash --norc --noprofile -i\"\n")
    tmux_env = {"TMUX_TMPDIR": str(work), "PATH": "/usr/bin:/bin"}
    s = s_factory(["tmux", "-L", "ptyctl-rec", "-f", "tmux.conf", "new-session", "-s", "demo"], 80, 24,
                  extra_env={"TMUX_TMPDIR": str(work)}, answer=answer)
    server = None
    try:
        s.expect("$ ")
        s.settle(settle)
        server = int(subprocess.run(["tmux", "-L", "ptyctl-rec", "display-message", "-p", "#{pid}"], env=tmux_env,
                                    capture_output=True, text=True, check=True).stdout)
        yield s
    finally:
        if server:
            os.kill(server, signal.SIGKILL)
        subprocess.run(["tmux", "-L", "ptyctl-rec", "kill-server"], env=tmux_env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def rec_tmux(s_factory, work):
    prepare_tree(work)
    with tmux_demo(s_factory, work, 0.5) as s:
        s.type("seq 1 30\r")
        s.expect("30")
        s.settle(0.3)
        s.send("\x02%", 0.8)  # split side by side: the left pane scrolls inside the region tmux sets
        s.type("printf '\\e[1;32mgreen\\e[0m \u4e2d\u6587\\n'; seq 1 25\r")
        s.settle(0.5)
        s.send("\x02\"", 0.8)  # split the right pane top and bottom
        s.type("ls --color=always -F tree\r")
        s.settle(0.5)
        s.resize(100, 30)
        s.send("\x02[", 0.5)  # copy mode on the bottom pane
        s.send("k" * 5, 0.4)
        s.send("q", 0.4)
        s.send("\x02c", 0.6)  # a new window: the status line lists two
        s.type("echo second window\r")
        s.settle(0.5)
        s.send("\x02p", 0.6)  # back to the split window: tmux redraws every pane
        return s.stop()


def rec_zsh(s_factory, work):
    for name in ["alpha.txt", "alphabet.txt", "beta.log", "gamma.md", "delta.py"]:
        (work / name).write_text("x\n")
    zdot = work.parent / "home"
    (zdot / ".zshrc").write_text(
        "PROMPT='%F{green}%1~%f $ '\nRPROMPT='%F{yellow}[%?]%f %B%j jobs%b'\n"
        "autoload -Uz compinit && compinit -D -u\nzstyle ':completion:*' menu select\n"
        "zstyle ':completion:*' list-colors ''\nzstyle ':completion:*:descriptions' format '%B-- %d --%b'\n")
    s = s_factory(["zsh", "-i"], 80, 24, extra_env={"ZDOTDIR": str(zdot), "SHELL": "/bin/zsh", "USER": "user"})
    s.expect("$ ")
    s.settle(0.8)
    s.type("echo right prompt stays right\r")
    s.settle(0.4)
    s.type("false\r")
    s.settle(0.4)
    s.type("cat al")
    s.send("\t", 0.5)
    s.send("\t", 0.5)  # the menu: the second match highlighted
    s.send("\t", 0.5)
    s.send("\r", 0.3)  # accept the menu's choice
    s.send("\x15", 0.3)  # Ctrl-U
    s.type("uname -")
    s.send("\t", 0.8)  # uname's options with descriptions
    s.send("\t", 0.5)  # menu selection among them
    s.send("\t", 0.5)
    s.send("\x03", 0.4)
    s.type("a command line long enough to reach the right prompt and push it out of the way")
    s.resize(60, 20)
    s.send("\x15", 0.3)
    s.type("print -P '%F{red}red%f %K{blue}blue%k'\r")
    s.settle(0.5)
    return s.stop()


def rec_fish(s_factory, work):
    for name in ["alpha.txt", "alphabet.txt", "beta.log"]:
        (work / name).write_text("x\n")
    init = ("function fish_prompt; set_color green; echo -n (basename $PWD); set_color normal; echo -n '> '; end; "
            "function fish_right_prompt; set_color yellow; echo -n '[right]'; set_color normal; end; "
            "function fish_title; echo fish; end; set -g fish_greeting ''")
    s = s_factory(["fish", "-N", "-C", init], 80, 24, extra_env={"SHELL": "/usr/bin/fish"})
    s.expect("> ")
    s.settle(1.0)
    s.type("echo fish says hello \u4e2d\u6587\r")
    s.settle(0.4)
    s.type("echo fi")  # the autosuggestion from history, in grey
    s.settle(0.4)
    s.send(ESC + "[C", 0.4)  # accept it
    s.send("\x15", 0.3)
    s.type("ls al")
    s.send("\t", 0.5)  # completions with the pager
    s.send("\t", 0.5)
    s.send(ESC, 0.3)
    s.send("\x15", 0.3)
    s.type("set_color --bold blue; echo blue; set_color normal\r")
    s.settle(0.4)
    s.type("for i in (seq 3)")
    s.send("\r", 0.4)  # the continuation prompt inside a block
    s.type("echo $i\r")
    s.type("end\r")
    s.settle(0.5)
    s.type("a long line of typed text that the narrower window will have to wrap")
    s.resize(50, 16)
    s.send("\x15", 0.4)
    return s.stop()


def ipython_prompt(n):
    """IPython's numbered prompt, whose number has colours of its own."""
    return re.compile(rb"In \[(?:\x1b\[[0-9;]*m)*%d" % n)


def rec_ipython(s_factory, work):
    (work / "data.py").write_text("x = 1\n")
    s = s_factory(["ipython3", "--no-banner", "--HistoryManager.enabled=False", "--colors=Linux",
                   "--TerminalInteractiveShell.term_title=False"], 80, 24, answer=True,
                  extra_env={"IPYTHONDIR": str(work / "ipython")})
    s.expect(ipython_prompt(1))
    s.settle(1.0)
    s.type("import os\r")
    s.expect(ipython_prompt(2))
    s.type("os.pa")
    s.send("\t", 0.8)  # the completion menu, drawn below the prompt
    s.send("\t", 0.4)
    s.send("\t", 0.4)
    s.send(ESC, 0.4)
    s.send("\x15", 0.3)  # Ctrl-U
    s.type("def f(n):\r")
    s.type("return [i * '\u4e2d' for i in range(n)]\r")
    s.send("\r", 0.5)
    s.type("f(4)\r")
    s.expect(ipython_prompt(4))
    s.type("{'a': 1, 'b': [1, 2, 3], 'c': 'a string that is long enough to wrap in a narrow window'}\r")
    s.settle(0.5)
    s.resize(50, 20)
    s.type("1/0\r")  # a coloured traceback
    s.settle(0.8)
    s.type("f(")
    s.settle(0.6)
    return s.stop()


def rec_vim_answered(s_factory, work):
    (work / "notes.txt").write_text("".join("line %02d: the quick brown fox \u00e9 \u4e2d\n" % i for i in range(1, 41)))
    s = s_factory(["vim", "-u", "NONE", "-i", "NONE", "-N", "notes.txt"], 80, 24, answer=True)
    s.expect("notes.txt")
    s.settle(1.0)
    s.send(":syntax on | set number cursorline termguicolors\r", 0.5)
    s.send("10G", 0.3)
    s.send("cwchanged", 0.2)
    s.send(ESC, 0.3)
    s.send(":split\r", 0.5)
    s.resize(60, 18)
    s.send("\x17j", 0.4)  # Ctrl-W j
    s.send(":set nu!\r", 0.5)
    return s.stop()


def rec_emacs_answered(s_factory, work):
    (work / "notes.org").write_text("* Heading\n** Sub heading \u00e9 \u4e2d\n" + "".join("- item %d\n" % i for i in range(1, 30)))
    s = s_factory(["emacs", "-nw", "-Q", "notes.org"], 80, 24, answer=True)
    s.expect("notes.org")
    s.settle(2.0, timeout=10)
    s.send("\x0e\x0e", 0.3)  # C-n C-n
    s.send("\t", 0.4)  # org folds the subtree
    s.send(ESC + "x", 0.3)
    s.type("list-colors-display\r")  # 256 colours by name
    s.settle(0.6)
    s.resize(70, 20)
    s.send("\x18o", 0.4)
    s.send("\x181", 0.5)
    return s.stop()


def rec_rich(s_factory, work):
    return s_factory(["python3", "-m", "rich.markdown", "--width", "80", "README.md"], 80, 24, cwd=rich_readme(work))


def rich_readme(work):
    (work / "README.md").write_text(
        "# Rich rendering\n\nSome **bold**, *italic*, `code` and a [link](https://example.com).\n\n"
        "> A block quote \u00e9\u00e8 \u4e2d\u6587 \U0001f600\n\n| name | value |\n| --- | --- |\n| alpha | 1 |\n| \u4e2d\u6587 | 2 |\n\n"
        "```python\ndef hello(name):\n    return f'hello {name}'\n```\n\n1. first\n2. second\n   - nested\n\n---\n")
    return work


def rec_rich_demo(s_factory, work):
    script = ("from rich.console import Console\nfrom rich.table import Table\nfrom rich.progress_bar import ProgressBar\n"
              "from rich.panel import Panel\nfrom rich.tree import Tree\n"
              "c = Console(force_terminal=True, color_system='truecolor')\n"
              "t = Table(title='Table \u4e2d\u6587')\nt.add_column('name', style='cyan')\nt.add_column('value', justify='right')\n"
              "[t.add_row('row %d \U0001f600' % i, str(i * 1000)) for i in range(5)]\nc.print(t)\n"
              "c.print(Panel('[bold magenta]panel[/] with [u]text[/u] that wraps ' * 4, title='Panel'))\n"
              "tr = Tree('root'); b = tr.add('branch'); b.add('[red]leaf'); tr.add('other'); c.print(tr)\n"
              "c.print(ProgressBar(total=100, completed=42, width=40))\n"
              "c.print(''.join('[on #%02x%02x80] ' % (i * 8, 255 - i * 8) for i in range(32)))\n"
              "c.rule('[bold]the end')\n")
    (work / "demo.py").write_text(script)
    return s_factory(["python3", "demo.py"], 80, 24)


def rec_bat(s_factory, work):
    (work / "hello.rs").write_text("// A small program\nuse std::collections::HashMap;\n\nfn main() {\n"
                                   "    let mut m: HashMap<&str, i32> = HashMap::new();\n    m.insert(\"\u4e2d\u6587\", 1);\n"
                                   "    for (k, v) in &m {\n        println!(\"{k} = {v} \u00e9\");\n    }\n}\n")
    return s_factory(["batcat", "--paging=never", "--color=always", "--style=full", "--theme=Monokai Extended",
                      "hello.rs"], 80, 24, extra_env={"BAT_CACHE_PATH": str(work / "bat")})


def rec_whiptail(s_factory, work):
    argv = ["whiptail", "--title", "Pick one", "--radiolist", "Choose a flavour \u2014 \u00e9 \u4e2d", "15", "50", "4",
            "a", "Vanilla", "ON", "b", "Chocolate", "OFF", "c", "Strawberry", "OFF", "d", "Pistachio", "OFF",
            "e", "Mango", "OFF"]
    s = s_factory(argv, 80, 24)
    s.expect("Pistachio")
    s.settle(0.4)
    for keys in [DOWN, DOWN, " ", DOWN, DOWN, "\t"]:
        s.send(keys, 0.3)
    # newt does not redraw on a resize: the narrower screen keeps the dialog's cells past its right edge,
    # and they show again when it grows.
    s.resize(60, 20)
    s.send("\t", 0.3)
    s.resize(90, 26)
    return s.stop()


def mixed_lines(work):
    """Lines that make reflow work: CJK and emoji across every column parity, combining marks, colours,
    and lines longer than the window."""
    lines = []
    for i in range(1, 25):
        pad = "x" * (i % 7)
        lines.append("%02d %s\u4e2d\u6587\u5b57 \U0001f600 e\u0301 \x1b[3%dmcolour %d\x1b[0m %s" % (
            i, pad, i % 8, i, ("word%d " % i) * (i % 5 * 4)))
    (work / "mixed.txt").write_text("\n".join(lines) + "\n")


def rec_bash_drag_resize(s_factory, work):
    mixed_lines(work)
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    s.type("cat mixed.txt\r")
    s.expect("$ ")
    s.type("echo a command line typed but not run, long enough to wrap once narrower")
    # A window edge dragged: many small steps narrower, then wider, as a window manager sends them.
    for cols in list(range(77, 40, -4)) + list(range(45, 110, 6)):
        s.resize(cols, 24 + (cols % 3) - 1, settle=0.15)
    s.send("\x15", 0.2)
    s.type("printf '\\e[7mend\\e[0m\\n'\r")
    s.expect("$ ")
    return s.stop()


def rec_less_resize(s_factory, work):
    mixed_lines(work)
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    s.type("cat mixed.txt; less -R mixed.txt\r")
    s.expect("mixed.txt")
    s.settle(0.4)
    s.resize(50, 20)  # the main screen behind less reflows while less is shown
    s.send(" ", 0.3)
    s.resize(90, 30)
    s.send("q", 0.3)
    s.expect("$ ")
    s.resize(70, 24)
    return s.stop()


def rec_screen(s_factory, work):
    (work / "screenrc").write_text("startup_message off\nhardstatus alwayslastline '%{= kG}[demo] %-w%{= kW}%n %t%{-}%+w'\n"
                                   "shelltitle bash\nshell " + str(work / "shell") + "\n")
    (work / "shell").write_text("#!/bin/sh\nexec bash --norc --noprofile -i\n")  # not the system bashrc's prompt
    (work / "shell").chmod(0o755)
    s = s_factory(["screen", "-c", "screenrc", "-S", "ptyctl-rec"], 80, 24,
                  extra_env={"SCREENDIR": str(work / "s"), "BASH_ENV": "", "ENV": ""})
    screen_env = {"SCREENDIR": str(work / "s"), "PATH": "/usr/bin:/bin"}
    backend = None
    try:
        s.expect("$ ")
        s.settle(0.5)
        # The backend writes to the terminal itself: it is killed outright at the end, so that it does not
        # restore the terminal after the recording has stopped.
        listing = subprocess.run(["screen", "-ls"], env=screen_env, capture_output=True, text=True).stdout
        backend = int(re.search(r"(\d+)\.ptyctl-rec", listing)[1])
        s.type("seq 1 40\r")
        s.settle(0.5)
        s.send("\x01S", 0.6)  # split: two regions, each scrolling inside its own scroll region
        s.send("\x01\t", 0.4)
        s.send("\x01c", 0.8)  # a new window in the lower region
        s.type("printf '\\e[1;31mred\\e[0m \u4e2d\u6587\\n'; seq 1 20\r")
        s.settle(0.5)
        s.resize(100, 30)
        s.send("\x01\t", 0.4)
        s.type("echo back on top\r")
        s.settle(0.5)
        return s.stop()
    finally:
        if backend:
            os.kill(backend, signal.SIGKILL)
        subprocess.run(["screen", "-wipe"], env=screen_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def rec_tmux_answered(s_factory, work):
    with tmux_demo(s_factory, work, 0.8, answer=True) as s:
        s.type("seq 1 30\r")
        s.settle(0.4)
        s.send("\x02%", 0.8)
        s.type("seq 1 40\r")
        s.settle(0.5)
        s.send("\x02\"", 0.8)
        s.type("printf '\\e[38;2;255;128;0mtrue colour\\e[0m \\e[4:3mcurly\\e[0m\\n'\r")
        s.settle(0.5)
        s.resize(90, 28)
        s.send("\x02z", 0.6)  # zoom the pane
        s.send("\x02z", 0.6)
        return s.stop()


def rec_nvim_answered(s_factory, work):
    (work / "main.c").write_text("#include <stdio.h>\n\n" + "".join(
        "int f%d(int x) {\n    return x * %d; /* \u00e9 \u4e2d */\n}\n\n" % (i, i) for i in range(1, 12)))
    s = s_factory(["nvim", "--clean", "-n", "main.c"], 80, 24, answer=True)
    s.expect("main.c")
    s.settle(1.0)
    s.send(":set termguicolors number list\r", 0.5)
    s.send(":tabnew\r", 0.5)
    s.send(":help\r", 0.8)
    s.send(":tabnext\r", 0.5)
    s.send("5Gdd", 0.4)
    s.resize(64, 20)
    s.send("u", 0.4)
    return s.stop()


def rec_gcc(s_factory, work):
    (work / "prog.c").write_text(
        "#include <stdio.h>\n\nstruct point { int x, y; };\n\nint main(void)\n{\n"
        "    int unused = \"\u00e9\u4e2d\";\n    struct point p = { 1, 2 };\n    printf(\"%s\\n\", p.x);\n"
        "    return undeclared_variable_with_a_rather_long_name + p.z;\n}\n")
    return s_factory(["gcc", "-Wall", "-Wextra", "-fdiagnostics-color=always", "-fdiagnostics-urls=always",
                      "-c", "prog.c", "-o", "/dev/null"], 80, 24)


def png(path, width, height):
    """A small true-colour PNG (gradients), written without an imaging library."""
    import zlib
    raw = b"".join(b"\x00" + b"".join(bytes([x * 255 // width, y * 255 // height, (x * y) % 256])
                                      for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def rec_chafa(s_factory, work):
    png(work / "gradient.png", 64, 40)
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    s.type("chafa --size 40x10 gradient.png; chafa --size 30x6 --symbols braille+border gradient.png\r")
    s.expect("$ ")
    s.type("chafa --format sixels --size 8x3 gradient.png; echo after the sixel image\r")  # DCS sixel data, ignored
    s.expect("$ ")
    s.resize(60, 24)
    return s.stop()


def rec_gdb_tui(s_factory, work):
    shutil.rmtree(MC_FOLDER, ignore_errors=True)
    MC_FOLDER.mkdir()
    try:
        (MC_FOLDER / "loop.c").write_text(
            "#include <stdio.h>\n\nint square(int n)\n{\n    return n * n;\n}\n\nint main(void)\n{\n"
            "    int total = 0;\n    for (int i = 0; i < 5; i++) {\n        total += square(i);\n"
            "        printf(\"%d\\n\", total);\n    }\n    return 0;\n}\n")
        subprocess.run(["gcc", "-g", "-O0", "-o", "loop", "loop.c"], cwd=MC_FOLDER, check=True)
        s = s_factory(["gdb", "-q", "-nx", "-tui", "-ex", "set debuginfod enabled off", "./loop"], 80, 24, cwd=MC_FOLDER)
        s.expect("(gdb)")
        s.settle(0.6)
        for command in ["break square", "run", "next", "bt", "finish", "info locals", "layout split"]:
            s.type(command + "\r")
            s.settle(0.6)
        s.resize(100, 30)
        s.type("next\r")
        s.settle(0.6)
        return s.stop()
    finally:
        shutil.rmtree(MC_FOLDER, ignore_errors=True)


def rec_mc_subshell(s_factory, work):
    # mc's subshell reads the system bashrc, then ours: the prompt is '$ ', not one with the host name.
    (work.parent / "home" / ".bashrc").write_text("PS1='$ '\n")
    s = mc_session(s_factory, work, subshell=True)
    try:
        s.type("echo run from the command line\r")  # mc leaves its screen, the subshell runs it, mc comes back
        s.settle(1.0)
        s.send("\x0f", 0.8)  # Ctrl-O: the subshell's screen, panels hidden
        s.type("seq 1 5\r")
        s.settle(0.5)
        s.send("\x0f", 0.8)  # Ctrl-O: the panels again
        s.resize(90, 26)
        s.send("\x0f", 0.8)  # the subshell's screen at the new size
        s.send("\x0f", 0.8)
        return s.stop()
    finally:
        shutil.rmtree(MC_FOLDER, ignore_errors=True)


def rec_vim_terminal(s_factory, work):
    prepare_tree(work)
    s = s_factory(["vim", "-u", "NONE", "-i", "NONE", "-N"], 80, 24,
                  extra_env={"SHELL": "/bin/bash"})
    s.expect("VIM")
    s.settle(0.6)
    s.send(":terminal ++curwin bash --norc --noprofile -i\r", 1.0)  # vim's own terminal emulator, in its window
    s.type("ls --color=always -F tree\r")
    s.settle(0.5)
    s.type("printf '\\e[1;33mbold yellow\\e[0m \\e[44mblue\\e[0m \u4e2d\u6587\\n'\r")
    s.settle(0.5)
    s.send("\x17:split\r", 0.8)  # Ctrl-W : split, a second window
    s.resize(70, 20)
    s.type("seq 1 30\r")
    s.settle(0.8)
    return s.stop()


def rec_resize_mid_output(s_factory, work):
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    s.type("for i in $(seq 1 300); do printf '\\e[3%dm%03d \u4e2d\u6587 \U0001f600 e\u0301 %s\\e[0m\\n' $((i % 8)) $i "
           "\"$(printf 'w%.0s' $(seq 1 $((i % 90))))\"; sleep 0.002; done")
    s.send("\r")
    # Resizes land between reads while the loop prints, at whatever byte the read stopped: inside a
    # line, a colour sequence or a character.
    for cols in [71, 57, 90, 43, 66, 101, 80]:
        s.read_for(0.2)
        s.resize(cols, 24 if cols % 2 else 19, settle=0, quiet_first=False)
    s.expect("$ ")
    return s.stop()


def rec_htop_mid_resize(s_factory, work):
    with own_sleeper() as pid:
        s = s_factory(["htop", "-d", "1", "-p", str(pid)], 80, 24)
        s.expect("sleep")
        s.settle(0.5, timeout=3)
        s.send(ESC + "OP")  # F1: help, drawn while the window is being resized
        for cols, rows in [(70, 20), (95, 28), (60, 18), (100, 30)]:
            s.read_for(0.03)
            s.resize(cols, rows, settle=0, quiet_first=False)
        s.stop()
        s.finish()
        return s


def rec_scrollback_reflow(s_factory, work):
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    # More lines than the differential test's 1000 of scrollback, each wrapping once narrower: reflow
    # then makes more rows than the buffer holds, and the oldest are dropped.
    s.type("for i in $(seq 1 1100); do printf '%04d \u4e2d\u6587 the line is here\\n' $i; done\r")
    s.expect("$ ")
    s.settle(0.3)
    s.resize(23, 24)
    s.resize(100, 30)
    s.resize(17, 10)
    s.resize(80, 24)
    s.type("echo done\r")
    s.expect("$ ")
    return s.stop()


def rec_micro(s_factory, work):
    (work / "main.go").write_text("package main\n\nimport \"fmt\"\n\n// greet says hello \u00e9 \u4e2d\u6587\nfunc greet(name string) string {\n"
                                  "\treturn fmt.Sprintf(\"hello %s\", name)\n}\n\nfunc main() {\n"
                                  + "".join("\tfmt.Println(greet(\"n%d\"))\n" % i for i in range(1, 25)) + "}\n")
    (work / "micro").mkdir()
    s = s_factory(["micro", "-config-dir", str(work / "micro"), "-colorscheme", "monokai", "main.go"], 80, 24)
    s.expect("main.go")
    s.settle(0.8)
    for _ in range(5):
        s.send(ESC + "[B", 0.15)
    s.type("\t// typed in micro \U0001f600\r")
    s.send("\x06", 0.4)  # Ctrl-F: find
    s.type("greet")
    s.send("\r", 0.4)
    s.send("\x05", 0.4)  # Ctrl-E: the command bar
    s.type("vsplit\r")
    s.settle(0.6)
    s.resize(100, 30)
    s.send("\x07", 0.6)  # Ctrl-G: help
    return s.stop()


def rec_nnn(s_factory, work):
    shutil.rmtree(MC_FOLDER, ignore_errors=True)
    MC_FOLDER.mkdir()
    try:
        tree = prepare_tree(MC_FOLDER)  # nnn shows the folder's absolute path
        s = s_factory(["nnn", "-d", "-o"], 80, 24, cwd=tree, extra_env={"NNN_COLORS": "2136", "NNN_TRASH": "0"})
        s.expect("link-to-readme")
        s.settle(0.6)
        for keys in ["j", "j", "l", "h", "j", "j"]:
            s.send(keys, 0.4)
        s.resize(60, 20)
        s.send(".", 0.5)  # hidden files shown
        s.send("d", 0.5)  # details off
        return s.stop()
    finally:
        shutil.rmtree(MC_FOLDER, ignore_errors=True)


def rec_tabs_tput_reset(s_factory, work):
    (work / "table.tsv").write_text("name\tsize\tnote\nalpha\t1\t\u4e2d\u6587\n\u4e2d\u6587\u5b57\t22\temoji \U0001f600\n"
                                    "a-much-longer-name\t333\tx\n\tleading tab\n")
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24)
    s.expect("$ ")
    for command in ["cat table.tsv", "tabs 4; cat table.tsv", "tabs 1,12,30; cat table.tsv", "tabs -8",
                    "tput bold; tput setaf 1; echo bold red; tput smul; tput setab 4; echo underlined; tput sgr0",
                    "tput rev; tput blink; tput dim; echo rev blink dim; tput sgr0; tput cup 15 30; echo at 15,30",
                    "seq 1 30", "clear; echo cleared", "seq 1 5; tput csr 3 8; tput cup 8 0; seq 1 8; tput csr 0 23"]:
        s.type(command + "\r")
        s.expect("$ ")
        s.settle(0.2)
    s.type("reset\r")  # the terminal's init strings (soft reset, modes, tab stops), then a one-second wait
    s.expect("$ ")
    s.settle(0.3)
    s.type("printf 'after reset\\tTAB\\n'\r")
    s.expect("$ ")
    return s.stop()


def rec_git_add_patch(s_factory, work, env):
    repo = git_repo(work, env)
    (repo / "main.c").write_text("#include <stdio.h>\n\nint main(void) {\n    puts(\"hello \u4e2d\u6587\");\n    return 0;\n}\n")
    (repo / "README.md").write_text("# demo\n\nA line added to the readme.\n")
    s = s_factory(["bash", "--norc", "--noprofile", "-i"], 80, 24, cwd=repo)
    s.expect("$ ")
    s.type("git add -p\r")  # hunks in colour, one question at a time
    s.expect("?")
    s.settle(0.4)
    for answer in ["?", "y", "s", "n"]:
        s.type(answer + "\r")
        s.settle(0.5)
    s.settle(0.5)
    s.type("git -c color.ui=always status --short\r")
    s.expect("$ ")
    s.type("git -c color.ui=always diff --cached --stat --color-moved\r")
    s.expect("$ ")
    return s.stop()


def rec_top(s_factory, work):
    with own_sleeper() as pid:
        s = s_factory(["top", "-d", "1", "-p", str(pid)], 80, 24, extra_env={"HOME": str(work)})
        s.expect("sleep")
        s.settle(0.5, timeout=3)
        for keys in ["z", "x", "b", "1", "m", "t"]:  # colours, highlights, summary graphs
            s.send(keys, 0.5)
        s.resize(100, 30)
        s.send("h", 0.6)  # help
        s.stop()
        s.finish()
        return s

def rec_node_repl(s_factory, work):
    s = s_factory(["node", "--no-warnings"], 80, 24, extra_env={"NODE_REPL_HISTORY": "", "NODE_NO_READLINE": ""})
    s.expect("> ")
    s.settle(0.5)
    s.type("const words = ['alpha', 'beta', '\u4e2d\u6587', '\U0001f600'];\r")
    s.expect("> ")
    s.type("words.map(w => w.length)")  # the grey preview of the result below the line
    s.settle(0.4)
    s.send("\r", 0.4)
    s.type("words.fi")
    s.send("\t\t", 0.6)  # the completion list
    s.type("ll(0)\r")
    s.settle(0.4)
    s.type("for (const w of words) {\r")
    s.type("console.log(w.padStart(8, '.'))\r")
    s.type("}\r")
    s.settle(0.5)
    s.type("({ nested: { deep: [1, 2, { x: 'y' }] }, big: 12345678901234567890n, re: /a+b/g })\r")
    s.settle(0.5)
    s.resize(50, 20)
    s.type("'a long string that has to wrap at the narrower width of the window, surely'")
    s.settle(0.5)
    return s.stop()


def rec_sqlite(s_factory, work):
    s = s_factory(["sqlite3", "-interactive", ":memory:"], 80, 24, extra_env={"SQLITE_HISTORY": "/dev/null"})
    s.expect("sqlite> ")
    for command in ["create table t(id integer, name text, note text);",
                    "insert into t values (1, 'alpha', '\u4e2d\u6587'), (2, 'beta', 'caf\u00e9'), (3, 'gamma', '\U0001f600');",
                    ".mode box", "select * from t;", ".mode table", "select id, upper(name) as up from t;",
                    ".mode column", "select count(*) as n, max(id) from t;", "select * from;"]:
        s.type(command + "\r")
        s.expect("sqlite> ")
        s.settle(0.2)
    return s.stop()


RECORDINGS = {
    "vim": (rec_vim, "vim -u NONE editing a file: insert, delete, undo, search, substitute, visual mode"),
    "vim-quit": (rec_vim_quit, "bash starts vim, vim writes a file and quits back to the shell (alternate screen left)"),
    "vim-resize": (rec_vim_resize, "vim redrawing after the window shrinks to 50x16 and grows to 100x30"),
    "bash-resize": (rec_bash_resize, "bash output and a wrapped command line while the window narrows and widens"),
    "less": (rec_less, "less -R paging a 300-line file with colours: page, search, jump"),
    "git-log-graph": (rec_git_log, "git log --graph --color on a small repository with branches and a merge"),
    "git-log-pager": (rec_git_log_pager, "git log --graph --stat through less"),
    "ls-color-recursive": (rec_ls_color, "ls --color -R -F on a prepared tree (links, fifo, executables, CJK name)"),
    "ls-color-long": (rec_ls_long, "ls --color -la on the same tree, 100x30"),
    "man-ls": (rec_man_ls, "man ls through less: page, search"),
    "python-repl": (rec_python_repl, "python3 REPL: expressions, unicode, a loop, history, a traceback"),
    "dialog-checklist": (rec_dialog, "dialog --checklist navigated with arrows, space and tab"),
    "dialog-menu": (rec_dialog_menu, "dialog --menu, 60x20, scrolling the list"),
    "htop": (rec_htop, "htop showing one process, help screen, tree view, 100x30"),
    "bash-readline": (rec_bash_readline, "bash readline editing: Ctrl-A/E/W/K, Alt-B/D, completion, history, Ctrl-R, Ctrl-L"),
    "cat-unicode": (rec_cat_unicode, "cat of a CJK, emoji, combining and box-drawing text file"),
    "mc": (rec_mc, "Midnight Commander: panels, the viewer, the menu bar, a mouse click, resize to 100x30, quit dialog"),
    "mc-line-drawing": (rec_mc_line_drawing, "Midnight Commander in the C locale: boxes in DEC line drawing, menu, resize"),
    "nano": (rec_nano, "nano with line numbers: edit, cut and paste, search, page, resize to 60x16, help, save prompt"),
    "emacs": (rec_emacs, "emacs -nw -Q on a Python file: edit, page, split window, isearch, resize to 100x30, one window again"),
    "nvim": (rec_nvim, "neovim --clean: true colour, spell undercurl, vsplit, page, resize to 100x30"),
    "tig": (rec_tig, "tig on a small repository: history graph, a commit's diff split, resize, status view"),
    "ncdu": (rec_ncdu, "ncdu browsing a fixed listing: colours, graph, item info, resize to 60x18, help"),
    "w3m": (rec_w3m, "w3m on a local page: headings, table, a followed link, paging, resize to 60x20"),
    "tmux": (rec_tmux, "tmux inside: status line, split panes (scroll regions), copy mode, resize, a second window"),
    "zsh": (rec_zsh, "zsh with a right prompt: menu-select completion, option list, long line, resize to 60x20"),
    "ipython": (rec_ipython, "IPython (prompt_toolkit) with its queries answered: completion menu, a block, a traceback, resize to 50x20"),
    "vim-answered": (rec_vim_answered, "vim -u NONE with its queries answered as ptyctl does: true colour, split, resize to 60x18"),
    "emacs-answered": (rec_emacs_answered, "emacs -nw -Q with its queries answered as ptyctl does: org folding, the colour list, resize"),
    "rich-markdown": (rec_rich, "python3 -m rich.markdown: headings, quote, table, code block, lists, rule"),
    "rich-demo": (rec_rich_demo, "rich in true colour: table with emoji, panel, tree, progress bar, colour ramp, rule"),
    "bat": (rec_bat, "bat (batcat) highlighting a Rust file with its grid, header and line numbers, true colour"),
    "whiptail": (rec_whiptail, "whiptail --radiolist navigated with arrows and space, resize to 60x20 and back to 90x26"),
    "bash-drag-resize": (rec_bash_drag_resize, "bash after mixed CJK, emoji, marks and colours, the window dragged narrower and wider in 21 steps"),
    "less-resize": (rec_less_resize, "bash, then less over the same mixed text, resized while less shows (the main screen behind reflows), quit, resize"),
    "screen": (rec_screen, "GNU screen: status line, split regions, a second window, resize to 100x30"),
    "tmux-answered": (rec_tmux_answered, "tmux with its queries answered as ptyctl does: split panes, true colour, curly underline, zoom, resize"),
    "nvim-answered": (rec_nvim_answered, "neovim --clean with its queries answered as ptyctl does: tabs, help, list chars, resize"),
    "mc-subshell": (rec_mc_subshell, "Midnight Commander with its bash subshell: a command run from its command line, Ctrl-O to the shell and back, resize"),
    "vim-terminal": (rec_vim_terminal, "vim's :terminal running bash (vim's own emulator redrawing it), a split, resize to 70x20"),
    "resize-mid-output": (rec_resize_mid_output, "bash printing 300 coloured lines of CJK, emoji and marks while the window is resized 7 times mid-output"),
    "htop-mid-resize": (rec_htop_mid_resize, "htop's help screen drawn while the window is resized 4 times in quick succession"),
    "scrollback-reflow": (rec_scrollback_reflow, "bash printing 1100 lines with CJK, more than the test's scrollback, then narrowed to 23 and 17 columns and widened: reflow drops the oldest rows"),
    "micro": (rec_micro, "micro (a tcell program): Go syntax in monokai true colour, typing, find, vsplit, resize to 100x30, help"),
    "nnn": (rec_nnn, "nnn with details: colours by type, a folder entered and left, resize to 60x20, hidden files, details off"),
    "tabs-tput-reset": (rec_tabs_tput_reset, "bash: a TSV with CJK under tabs 8, 4 and 1,12,30, tput attributes, cursor moves and scroll region, clear, reset"),
    "git-add-patch": (rec_git_add_patch, "git add -p in bash: coloured hunks, split, skip, help, then status and a cached diff stat"),
    "top": (rec_top, "top (procps) on one process: colours, highlights, summary graphs, resize to 100x30, help"),
    "node-repl": (rec_node_repl, "node's REPL: a result previewed in grey as it is typed, completion list, a block, inspect colours, resize to 50x20"),
    "sqlite": (rec_sqlite, "sqlite3's shell: tables drawn in box, table and column modes with CJK and an emoji, an error"),
    "gcc": (rec_gcc, "gcc's coloured diagnostics with OSC 8 links to the documentation, carets and fix-it hints"),
    "chafa": (rec_chafa, "chafa drawing a gradient in true-colour blocks and braille, then as sixels (a DCS string), resize"),
    "gdb-tui": (rec_gdb_tui, "gdb -tui: source window, breakpoints, stepping, split layout with assembly, resize to 100x30"),
    "fish": (rec_fish, "fish: right prompt, autosuggestion, completion pager, block continuation, resize to 50x16"),
}
NEEDS_ENV = {"git-log-graph", "git-log-pager", "tig", "git-add-patch"}
# The programs the recordings run, each with the Debian package that has it.
TOOLS = {"bash": "bash", "vim": "vim", "less": "less", "git": "git", "man": "man-db", "dialog": "dialog", "htop": "htop",
         "mc": "mc", "nano": "nano", "emacs": "emacs-nox", "nvim": "neovim", "tig": "tig", "ncdu": "ncdu", "w3m": "w3m",
         "tmux": "tmux", "zsh": "zsh", "fish": "fish", "ipython3": "ipython3", "batcat": "bat", "whiptail": "whiptail",
         "screen": "screen", "gcc": "gcc", "gdb": "gdb", "chafa": "chafa", "micro": "micro",
         "nnn": "nnn", "top": "procps", "sqlite3": "sqlite3", "node": "nodejs"}


def check_private(name, data, markers):
    for marker in markers:
        if marker and marker.encode("utf-8") in data:
            raise RuntimeError("%s: output contains %r; refusing to write it" % (name, marker))


def record(name):
    function, description = RECORDINGS[name]
    with tempfile.TemporaryDirectory(prefix="rec-") as tmp:
        tmp = pathlib.Path(tmp)
        home = tmp / "home"
        work = tmp / "work"
        home.mkdir()
        work.mkdir()
        (home / ".gitconfig").write_text("[user]\n\tname = Ada Example\n\temail = ada@example.com\n"
                                         "[init]\n\tdefaultBranch = main\n[color]\n\tui = auto\n")
        env = base_env(home)
        env["GIT_CONFIG_GLOBAL"] = str(home / ".gitconfig")
        size = {}

        def factory(argv, cols, rows, cwd=None, extra_env=None, answer=False):
            size.update(cols=cols, rows=rows)
            return Session(argv, cols, rows, dict(env, **(extra_env or {})), str(cwd or work), answer)

        if name in NEEDS_ENV:
            session = function(factory, work, env)
        else:
            session = function(factory, work)
        data = session.finish()
        check_private(name, data, [socket.gethostname(), str(tmp), "/work/", os.environ.get("USER", "")
                                   if os.environ.get("USER") not in (None, "root") else ""])
    if len(data) > MAX_BYTES:
        raise RuntimeError("%s: %d bytes is over the %d byte limit" % (name, len(data), MAX_BYTES))
    (CORPUS / ("rec-%s.bin" % name)).write_bytes(data)
    meta = {"cols": size["cols"], "rows": size["rows"], "description": description}
    if session.resizes:
        meta["resizes"] = session.resizes
    (CORPUS / ("rec-%s.json" % name)).write_text(json.dumps(meta, ensure_ascii=False) + "\n")
    print("rec-%-22s %7d bytes  %dx%d" % (name, len(data), size["cols"], size["rows"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="recordings to make (default: all)")
    parser.add_argument("--list", action="store_true", help="list the recordings and exit")
    args = parser.parse_args()
    if args.list:
        for name, (_, description) in RECORDINGS.items():
            print("%-20s %s" % (name, description))
        return 0
    unknown = [n for n in args.names if n not in RECORDINGS]
    if unknown:
        parser.error("unknown recording(s): %s" % ", ".join(unknown))
    missing = [tool for tool in TOOLS if not shutil.which(tool)]
    if missing:
        print("missing tools: %s (apt-get install -y %s)" % (", ".join(missing), " ".join(TOOLS[t] for t in missing)),
              file=sys.stderr)
    CORPUS.mkdir(parents=True, exist_ok=True)
    failed = 0
    for name in args.names or list(RECORDINGS):
        try:
            record(name)
        except Exception as e:  # one broken recording should not stop the others
            failed += 1
            print("rec-%s FAILED: %s" % (name, e), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
