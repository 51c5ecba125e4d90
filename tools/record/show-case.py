#!/usr/bin/env python3
"""Shows what xterm.js (the oracle) makes of corpus cases: final screen, cursor, title, replies.

Usage: python3 tools/record/show-case.py NAME [NAME ...] [--size COLSxROWS] [--cells]
Needs node and `npm ci --prefix tools/xterm-oracle`. The case's resizes are applied at their
offsets, as the differential test does.
"""

import argparse
import base64
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "vt" / "src" / "test" / "resources" / "corpus"
ORACLE = ROOT / "tools" / "xterm-oracle" / "oracle.mjs"


def request(name, size):
    data = (CORPUS / (name + ".bin")).read_bytes()
    meta = {"cols": 80, "rows": 24, "resizes": []}
    sidecar = CORPUS / (name + ".json")
    if sidecar.exists():
        meta.update(json.loads(sidecar.read_text()))
    if size:
        meta["cols"], meta["rows"] = size
    chunks, start = [], 0
    for offset, cols, rows in meta["resizes"]:
        chunks.append(base64.b64encode(data[start:offset]).decode())
        chunks.append({"resize": [cols, rows]})
        start = offset
    chunks.append(base64.b64encode(data[start:]).decode())
    return {"id": name, "cols": meta["cols"], "rows": meta["rows"], "scrollback": 1000, "chunks": chunks}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--size", help="override the case's size, e.g. 132x50")
    parser.add_argument("--cells", action="store_true", help="also print every non-blank cell")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x")) if args.size else None
    oracle = subprocess.Popen(["node", str(ORACLE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for name in args.names:
        oracle.stdin.write(json.dumps(request(name, size)) + "\n")
        oracle.stdin.flush()
        answer = json.loads(oracle.stdout.readline())
        if "error" in answer:
            print("%s: %s" % (name, answer["error"]), file=sys.stderr)
            continue
        cursor = answer["cursor"]
        print("=== %s %dx%d cursor (row,col)=(%d,%d)%s alt=%s title=%r replies=%r scrollback=%d" % (
            name, answer["cols"], answer["rows"], cursor["y"], cursor["x"], "" if cursor["visible"] else " hidden",
            answer["altScreen"], answer["title"], answer["replies"], len(answer["scrollback"])))
        lines = answer["lines"]
        while lines and not lines[-1]:
            lines = lines[:-1]
        for row, line in enumerate(lines):
            print("%3d|%s" % (row, line))
            if args.cells:
                for col, cell in enumerate(answer["cells"][row]):
                    if cell[:8] != ["", 1, 0, 0, 0, 0, 0, 0]:
                        print("      (%d,%d) %s" % (row, col, json.dumps(cell, ensure_ascii=False)))
    oracle.stdin.close()
    oracle.wait()


if __name__ == "__main__":
    main()
