#!/usr/bin/env python3
"""Records what a program writes to its terminal, for the emulator's real-program tests.

Runs COMMAND in a pseudo-terminal of COLS x ROWS with TERM=xterm-256color, types the given keys
(waiting after each until the program has been quiet for a moment) and writes every byte the program
printed to OUT. The sessions under vt/src/test/resources/sessions/ were made with it, e.g.:

  vt/scripts/record-session.py 40 10 out.bin --key 'echo hi\r' --key '\x04' -- bash --norc --noprofile -i

Keys are Python string escapes. The environment is minimal and fixed so recordings are repeatable.
"""
import argparse, fcntl, os, pty, select, struct, sys, termios, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cols", type=int)
    ap.add_argument("rows", type=int)
    ap.add_argument("out")
    ap.add_argument("--key", action="append", default=[], help="keys to type (Python escapes)")
    ap.add_argument("--quiet-ms", type=int, default=300, help="quiet time that ends a wait")
    ap.add_argument("--cwd", default=None)
    argv = sys.argv[1:]
    if "--" not in argv:
        ap.error("put the command after --")
    split = argv.index("--")
    args = ap.parse_args(argv[:split])
    command = argv[split + 1:]
    env = {"TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "HOME": args.cwd or "/tmp", "LANG": "C.UTF-8",
           "LC_ALL": "C.UTF-8", "PS1": "$ ", "LESSHISTFILE": "-", "COLUMNS": str(args.cols), "LINES": str(args.rows)}
    pid, fd = pty.fork()
    if pid == 0:
        if args.cwd:
            os.chdir(args.cwd)
        os.execvpe(command[0], command, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.cols, 0, 0))
    out = bytearray()

    def drain(quiet):
        deadline = time.time() + 10
        last = time.time()
        while time.time() < deadline:
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                out.extend(data)
                last = time.time()
            elif time.time() - last > quiet / 1000:
                return True
        return True

    drain(args.quiet_ms * 2)
    for key in args.key:
        os.write(fd, key.encode("utf-8").decode("unicode_escape").encode("latin-1"))
        if not drain(args.quiet_ms):
            break
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    with open(args.out, "wb") as f:
        f.write(out)
    print(f"{len(out)} bytes", file=sys.stderr)

if __name__ == "__main__":
    main()
