#!/usr/bin/env python3
"""Writes the feature cases of the emulator's differential corpus.

One small byte stream per feature of SPEC section 3, written to
vt/src/test/resources/corpus/<name>.bin, plus <name>.json ({"cols", "rows", "resizes"}) when a
case needs a size other than 80x24 or resizes the terminal part way ("resizes": [[offset, cols,
rows], ...]: after `offset` bytes both terminals are resized, which reflows). INDEX.tsv lists
every case with its family (the section below that defines it) for the test's summary.

The differential test feeds each case to xterm.js (the oracle) and to our emulator and compares
the screens, so a case needs no expected output: it only has to reach the feature and leave
something visible (text, attributes, cursor, title or reply).

Run from anywhere: python3 tools/record/make-feature-cases.py [--check]
--check lists what would change without writing. Files of earlier runs whose case was removed
are deleted; recordings (rec-*) belong to record.py and are never touched.
"""

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "vt" / "src" / "test" / "resources" / "corpus"
RECORDING_PREFIX = "rec-"

ESC = "\x1b"
CSI = ESC + "["
OSC = ESC + "]"
DCS = ESC + "P"
ST = ESC + "\\"
BEL = "\x07"

CASES = {}
FAMILY_OF = {}
current_family = [""]


class Resize:
    """A size change inside a case's stream; the test resizes both terminals at that offset."""

    def __init__(self, cols, rows):
        self.cols = cols
        self.rows = rows


def as_bytes(data):
    return data.encode("utf-8") if isinstance(data, str) else bytes(data)


def case(name, data, cols=None, rows=None):
    """Registers one case. data is str (encoded as UTF-8), bytes (written as is), or a list of
    those and Resize markers."""
    if name in CASES:
        raise ValueError("duplicate case " + name)
    raw = b""
    resizes = []
    for part in data if isinstance(data, list) else [data]:
        if isinstance(part, Resize):
            resizes.append([len(raw), part.cols, part.rows])
        else:
            raw += as_bytes(part)
    CASES[name] = (raw, cols, rows, resizes)
    FAMILY_OF[name] = current_family[0]


def fill(rows, width=30):
    """Numbered lines of distinct text, CR LF separated, so moves and scrolls are visible."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    lines = []
    for i in range(rows):
        body = "".join(alphabet[(i + j) % len(alphabet)] for j in range(width - 8))
        lines.append("L%02d: %s" % (i + 1, body))
    return "\r\n".join(lines)


def cup(row, col):
    return "%s%d;%dH" % (CSI, row, col)


def sgr(*params):
    return CSI + ";".join(str(p) for p in params) + "m"


# --- parser: C0/C1 controls, sequence structure, string sequences -------------------------

def parser_cases():
    case("c0-bs-cr-lf", "abcdef\b\bXY\rZ\nnext line\r\nback\b\b\b\b\bS")
    case("c0-ht-vt-ff", "a\tb\tc\vdown vt\fdown ff\r\n\tindented")
    case("c0-ignored-bel-nul-del", "a\x07b\x00c\x7fd\x05e\x0ef\x0fg")
    case("c0-inside-csi", "first\r\n" + CSI + "3\r\n;10HX" + CSI + "5\bCY")
    case("esc-interrupts-csi", "A" + CSI + "31" + ESC + "[32mgreen" + CSI + "1;" + ESC + "7B" + ESC + "8C")
    case("can-sub-abort-sequence", CSI + "31\x18mX " + CSI + "32\x1amY " + OSC + "2;t\x18Z")
    case("c1-utf8-encoded", "A\u009b31mred\u009b0m\r\nB\u0085C\u008dD\u0084E\u009d2;c1 title\u009cF")
    case("c1-raw-8bit-bytes", b"A\x9b31mB\x85C\x8dD\x9dx\x9cE")
    case("csi-many-params", CSI + ";".join(["1"] * 40) + ";31mX" + CSI + ";".join(["0"] * 40) + ";4mY")
    case("csi-param-overflow", "start" + CSI + "99999999999999999999Cx" + CSI + "4294967297Dy" + CSI + "65536;3Hz")
    case("csi-unknown-ignored", "a" + CSI + "?1;2$zb" + CSI + ">5;6Wc" + CSI + "1 Qd" + CSI + "=7xe" + CSI + "1;2;3;4%zf")
    case("csi-private-marker-mid-params", "a" + CSI + "1?2Hb" + CSI + "3<4mc" + CSI + "5>Cd")
    case("esc-unknown-ignored", "a" + ESC + "#9b" + ESC + " Fc" + ESC + "Vd" + ESC + "We" + ESC + "!zf")
    case("esc-intermediates-charset-like", "a" + ESC + "(%5b" + ESC + "$Bc" + ESC + ")\"?d" + ESC + "(Be")
    case("osc-terminated-bel-and-st", OSC + "2;bel title" + BEL + "a" + OSC + "2;st title" + ST + "b")
    case("osc-terminated-c1-st", OSC + "2;c1 st title\u009cafter")
    case("osc-interrupted-by-can", OSC + "2;first" + BEL + OSC + "2;never\x18shown" + OSC + "2;final" + BEL + "x")
    case("osc-long-payload", OSC + "2;" + ("0123456789" * 1200) + BEL + "after long osc")
    case("dcs-unknown-ignored", "a" + DCS + "1$tsome data\r\nmore" + ST + "b" + DCS + "q#0;2;0;0;0#0!10~" + ST + "c")
    case("sos-pm-apc-ignored", "a" + ESC + "Xsos text" + ST + "b" + ESC + "^pm text" + ST + "c" + ESC + "_apc text" + ST + "d")
    case("esc-in-osc-not-st", OSC + "2;one" + ESC + "[31m" + "x" + BEL + "tail")


# --- UTF-8 decoding -----------------------------------------------------------------------

def utf8_cases():
    case("utf8-multibyte-lengths", "2: \u00e9\u00df 3: \u20ac\u4e2d 4: \U0001f600\U00010348 end")
    case("utf8-invalid", b"a\x80b\xbfc\xffd\xfee\xc3(f\xe2\x28\xa1g\xf0\x28\x8c\x28h")
    case("utf8-overlong", b"a\xc0\xafb\xe0\x80\xafc\xf0\x80\x80\xafd\xc1\xbfe")
    case("utf8-surrogates", b"a\xed\xa0\x80b\xed\xbf\xbfc\xed\x9f\xbfd")
    case("utf8-above-max", b"a\xf4\x90\x80\x80b\xf5\x80\x80\x80c\xf8\x88\x80\x80\x80d")
    case("utf8-truncated-then-ascii", b"a\xe4\xb8b\xf0\x9f\x98c\xc3d")
    case("utf8-truncated-at-end", b"complete \xe4\xb8\xad then \xe4\xb8")
    case("utf8-interrupted-by-escape", b"a\xe4\xb8\x1b[31mb\xe4\xb8\xadc")
    case("utf8-noncharacters", "a\ufffeb\uffffc\ufdd0d\U0010fffee")


# --- cursor movement and state ---------------------------------------------------------------

def cursor_cases():
    case("cup-basic", cup(5, 10) + "five-ten" + cup(1, 1) + "home" + cup(24, 70) + "bottom" + CSI + "H" + "H")
    case("cup-clamped", cup(100, 200) + "X" + cup(0, 0) + "Y" + cup(12, 0) + "Z" + CSI + ";5HW")
    case("cup-origin-mode", fill(12) + CSI + "5;10r" + CSI + "?6h" + cup(1, 1) + "top of region"
         + cup(99, 1) + "clamped to bottom" + CSI + "?6l" + cup(1, 1) + "screen home")
    case("cup-origin-mode-decstbm-homes", CSI + "?6h" + CSI + "3;8r" + "A" + CSI + "r" + "B" + CSI + "?6l")
    case("cuu-cud-stop-at-margins", fill(20) + CSI + "5;15r" + cup(10, 5) + CSI + "20AU" + cup(10, 10)
         + CSI + "20BD" + cup(2, 20) + CSI + "20BO" + cup(20, 30) + CSI + "30AP")
    case("cuf-cub", cup(3, 10) + "x" + CSI + "5Cy" + CSI + "3Dz" + CSI + "200Ce" + CSI + "200Db" + CSI + "Cn" + CSI + "0Dm")
    case("cnl-cpl", cup(5, 20) + "a" + CSI + "2Eb" + CSI + "Ec" + CSI + "3Fd" + CSI + "Fe" + CSI + "99Ff")
    case("cha-hpa-hpr", cup(2, 1) + CSI + "20Ga" + CSI + "5`b" + CSI + "3ac" + CSI + "999Gd" + CSI + "Ge")
    case("vpa-vpr", cup(1, 10) + CSI + "6da" + CSI + "3eb" + CSI + "99dc" + CSI + "dd" + CSI + "0ee")
    case("hvp", CSI + "4;8fhvp" + CSI + "f" + "home" + CSI + "30;100fclamped")
    case("pending-wrap-then-cr", "x" * 80 + "\rY", cols=80, rows=10)
    case("pending-wrap-then-text", "a" * 10 + "b" * 5, cols=10, rows=5)
    case("pending-wrap-cleared-by-cub", "0123456789" + CSI + "DX" + "tail", cols=10, rows=5)
    case("pending-wrap-then-bs", "0123456789\bX", cols=10, rows=5)
    case("pending-wrap-then-lf", "0123456789\nX", cols=10, rows=5)
    case("pending-wrap-cursor-position", "0123456789", cols=10, rows=5)
    case("pending-wrap-bottom-right", cup(5, 1) + "0123456789", cols=10, rows=5)
    case("decawm-off", CSI + "?7l" + "0123456789ABCDEF" + CSI + "?7h" + "\r\n0123456789ABCDEF", cols=10, rows=5)
    case("decsc-decrc", cup(3, 5) + sgr(1, 31) + ESC + "7" + cup(10, 40) + sgr(0) + "moved" + ESC + "8" + "restored bold red")
    case("decsc-restores-origin-and-charset", CSI + "5;10r" + CSI + "?6h" + ESC + "(0" + ESC + "7" + CSI + "?6l"
         + ESC + "(B" + CSI + "r" + cup(20, 1) + "plain qqq" + ESC + "8" + "qqq" + cup(1, 1) + "x")
    case("csi-s-u-save-restore", cup(4, 12) + CSI + "s" + cup(15, 1) + "elsewhere" + CSI + "u" + "back")
    case("decrc-without-save", cup(7, 7) + sgr(4) + ESC + "8" + "after restore")
    case("dectcem-hide-show", "visible" + CSI + "?25l" + "hidden" + CSI + "?25h" + "again" + CSI + "?25l")
    case("decscusr-styles", "".join(CSI + "%d q%d " % (n, n) for n in range(0, 7)))
    case("reverse-wraparound-45", CSI + "?45h" + "0123456789ab" + "\b\b\b\bX" + CSI + "?45l", cols=10, rows=5)
    case("bs-at-column-zero", "\b\b\bstart\r\b\bX")
    case("cursor-after-wide-char", "\u4e2d\u6587" + CSI + "D" + "x")


# --- tab stops ----------------------------------------------------------------------------------

def tab_cases():
    case("tabs-default-stops", "a\tb\tc\td\te\tf\tg\th\ti\tj\tk")
    case("tabs-hts-tbc", CSI + "3g" + cup(1, 5) + ESC + "H" + cup(1, 13) + ESC + "H" + "\r\ta\tb\tc"
         + cup(1, 5) + CSI + "g" + "\r\n\tx\ty")
    case("tabs-tbc-all", CSI + "3g" + "a\tb\r\n" + ESC + "c" + "after reset\tz")
    case("tabs-cht-cbt", cup(2, 1) + CSI + "3Ia" + CSI + "Ib" + CSI + "2Zc" + CSI + "Zd" + CSI + "99Ze" + CSI + "99If")
    case("tab-at-right-margin", "x\t\t\t\t\t\t\t\t\t\t\t\t\tY" + "\r\n" + CSI + "78G\tZ")
    case("tabs-preserve-cells", "0123456789012345678901234567890" + "\r\tA\tB")


# --- SGR attributes and colours --------------------------------------------------------------

def sgr_cases():
    case("sgr-bold-faint-normal", sgr(1) + "bold" + sgr(2) + "bold+faint" + sgr(22) + "normal" + sgr(2) + "faint" + sgr(0))
    case("sgr-italic", sgr(3) + "italic" + sgr(23) + "upright")
    case("sgr-underline-single-double", sgr(4) + "single" + sgr(21) + "double" + sgr(24) + "none")
    case("sgr-underline-styles-colon", "".join(CSI + "4:%dm s%d " % (n, n) for n in range(0, 6)) + sgr(0) + "end")
    case("sgr-blink-inverse-invisible", sgr(5) + "blink" + sgr(6) + "rapid" + sgr(25, 7) + "inverse" + sgr(27, 8) + "hidden" + sgr(28) + "shown")
    case("sgr-strikethrough-overline", sgr(9) + "strike" + sgr(53) + "both" + sgr(29) + "over" + sgr(55) + "none")
    case("sgr-resets-individual", sgr(1, 3, 4, 5, 7, 8, 9, 53) + "all" + sgr(22) + "a" + sgr(23) + "b" + sgr(24) + "c"
         + sgr(25) + "d" + sgr(27) + "e" + sgr(28) + "f" + sgr(29) + "g" + sgr(55) + "h")
    case("sgr-16-colors", "".join(sgr(30 + n, 47 - n) + "c%d" % n for n in range(8)) + sgr(0))
    case("sgr-bright-colors", "".join(sgr(90 + n, 107 - n) + "b%d" % n for n in range(8)) + sgr(0))
    case("sgr-256-semicolon", "".join(CSI + "38;5;%d;48;5;%dm%d " % (n, 255 - n, n) for n in (0, 7, 15, 16, 100, 196, 231, 232, 255)))
    case("sgr-256-colon", "".join(CSI + "38:5:%d;48:5:%dm%d " % (n, 255 - n, n) for n in (1, 9, 88, 200, 244)))
    case("sgr-truecolor-semicolon", CSI + "38;2;255;128;0mfg" + CSI + "48;2;0;64;255mbg" + CSI + "38;2;1;2;3;48;2;4;5;6mboth")
    case("sgr-truecolor-colon", CSI + "38:2::255:128:0mcs-empty " + CSI + "38:2:10:20:30mno-cs " + CSI + "48:2:0:1:2:3mcs-id " + CSI + "38:2::1:2:3;1mbold")
    case("sgr-underline-color-58", CSI + "4;58:5:196mpalette " + CSI + "58:2::10:20:30mrgb " + CSI + "0;4mnone "
         + CSI + "4:3;58;5;34mcurly " + CSI + "24mplain" + CSI + "4mback")
    case("sgr-underline-color-59-default", CSI + "4;58:5:196mpalette " + CSI + "59mdefault")
    case("sgr-underline-color-needs-underline", CSI + "58;5;100mnot underlined " + CSI + "4munderlined " + CSI + "24m"
         + OSC + "8;;https://example.com/c" + ST + "linked" + OSC + "8;;" + ST)
    case("sgr-default-colors-39-49", sgr(31, 42) + "colored" + sgr(39) + "fg-default" + sgr(49) + "both-default")
    case("sgr-empty-params-reset", sgr(1, 31) + "a" + CSI + "m" + "b" + sgr(4) + "c" + CSI + ";1m" + "d" + CSI + "0;;3me")
    case("sgr-invalid-extended", CSI + "38;5mA" + CSI + "38;2;1;2mB" + CSI + "38;7;1mC" + CSI + "48;5;300mD" + CSI + "38;5;1;4mE")
    case("sgr-combined-many", CSI + "1;2;3;4;5;7;9;53;38;5;208;48;2;10;20;30mX" + sgr(0) + "Y")
    case("sgr-inverse-with-colors", sgr(7, 31, 44) + "inv" + sgr(27) + "plain")
    case("sgr-persists-across-lines", sgr(1, 32) + "line one\r\nline two" + sgr(0) + "\r\nline three")
    case("sgr-colors-on-spaces", sgr(41) + "   " + sgr(0) + "x" + sgr(44) + "\t" + sgr(0) + "y")
    case("sgr-unknown-params-ignored", sgr(1) + "a" + CSI + "6;10;11;20;26;50;60;65;73;74mb" + sgr(0) + "c")


def pending_wrap_erase_cases():
    """EL and ED issued while a wrap is pending, then two characters that show where the cursor was
    left: whether the wrap is still pending, and which cells the erase reached. xterm.js keeps the
    wrap pending and erases from past the last column; xterm (no DECLRMM here) would cancel it.
    Each row is written full first (CUP cancels every wrap but the last), on 10x5."""
    rows = "".join(cup(r, 1) + chr(ord("a") + r - 1) * 10 for r in range(1, 6))
    ops = {"el0": CSI + "K", "el1": CSI + "1K", "el2": CSI + "2K",
           "ed0": CSI + "J", "ed1": CSI + "1J", "ed2": CSI + "2J"}
    setups = {
        "": cup(3, 1) + "0123456789",
        # three lines into the scrollback first: xterm.js 6.0's ED 1 at the last column unwraps the line at
        # buffer index row + 1, and throws when the buffer has no such line (fixed after 6.0 by a null check)
        "-bottom": cup(5, 1) + "\n\n\n" + cup(5, 1) + "0123456789",
        "-decstbm": CSI + "2;4r" + cup(4, 1) + "0123456789",
        "-origin": CSI + "2;4r" + CSI + "?6h" + cup(3, 1) + "0123456789",
        # xterm.js has neither DECLRMM nor DECSLRM: SKIP.md; LeftRightMarginsTest checks xterm's way
        "-decslrm": CSI + "?69h" + CSI + "3;7s" + cup(3, 3) + "01234",
        "-decslrm-origin": CSI + "2;4r" + CSI + "?69h" + CSI + "3;7s" + CSI + "?6h" + cup(3, 1) + "01234",
    }
    for op, seq in ops.items():
        for suffix, setup in setups.items():
            case("pending-wrap-%s%s" % (op, suffix), rows + setup + seq + "XY", cols=10, rows=5)


# --- erase and edit ---------------------------------------------------------------------------

def erase_cases():
    base = fill(8)
    case("el-right", base + cup(3, 10) + CSI + "K" + cup(4, 10) + CSI + "0K")
    case("el-left", base + cup(3, 10) + CSI + "1K")
    case("el-all", base + cup(3, 10) + CSI + "2K" + "x")
    case("el-with-background", base + cup(2, 5) + sgr(44) + CSI + "K" + cup(3, 5) + sgr(41) + CSI + "1K" + sgr(0))
    case("el-clears-pending-wrap", "0123456789" + CSI + "K" + "X", cols=10, rows=4)
    pending_wrap_erase_cases()
    case("ed-below", base + cup(4, 10) + CSI + "J")
    case("ed-above", base + cup(4, 10) + CSI + "1J")
    case("ed-all", base + cup(4, 10) + CSI + "2J" + "after")
    case("ed-with-background", base + sgr(45) + cup(5, 3) + CSI + "J" + sgr(0))
    case("ed3-scrollback", fill(40) + CSI + "3J" + "\r\nafter ed3")
    case("ed2-pushes-nothing-to-scrollback", fill(10) + CSI + "2J" + cup(1, 1) + "fresh")
    case("ech-basic", base + cup(2, 5) + CSI + "6X" + cup(3, 1) + CSI + "X")
    case("ech-past-end", base + cup(2, 25) + CSI + "100X")
    case("ech-with-background", base + cup(2, 5) + sgr(42) + CSI + "4X" + sgr(0))
    case("ich-basic", base + cup(2, 5) + CSI + "3@" + "ABC" + cup(3, 1) + CSI + "@")
    case("ich-pushes-off-edge", "0123456789" + "\r" + CSI + "4@" + "abcd", cols=10, rows=3)
    case("dch-basic", base + cup(2, 5) + CSI + "3P" + cup(3, 1) + CSI + "P" + cup(4, 20) + CSI + "99P")
    case("dch-with-background", base + sgr(43) + cup(2, 5) + CSI + "5P" + sgr(0))
    case("il-basic", base + cup(3, 5) + CSI + "2L" + "inserted")
    case("il-outside-margins-noop", base + CSI + "4;6r" + cup(2, 1) + CSI + "L" + cup(8, 1) + CSI + "L" + CSI + "r")
    case("il-inside-margins", base + CSI + "2;6r" + cup(3, 1) + CSI + "2L" + CSI + "r")
    case("dl-basic", base + cup(3, 5) + CSI + "2M" + "deleted")
    case("dl-outside-margins-noop", base + CSI + "4;6r" + cup(2, 1) + CSI + "M" + cup(8, 1) + CSI + "M" + CSI + "r")
    case("dl-inside-margins", base + CSI + "2;6r" + cup(3, 1) + CSI + "2M" + CSI + "r")
    case("su-basic", base + CSI + "3S")
    case("sd-basic", base + CSI + "2T")
    case("su-sd-with-margins", base + CSI + "2;5r" + CSI + "S" + CSI + "3;7r" + CSI + "2T" + CSI + "r")
    case("su-with-background", base + sgr(46) + CSI + "2S" + sgr(0))
    case("rep-basic", "ab" + CSI + "5b" + "\r\n" + sgr(31) + "x" + CSI + "3b" + sgr(0))
    case("rep-after-wide-char", "\u4e2d" + CSI + "3b" + "|")
    case("rep-after-control-ignored", "a\r\n" + CSI + "4b" + "z")
    case("rep-wraps", "xy" + CSI + "12b", cols=10, rows=4)
    case("decaln", "text" + ESC + "#8" + cup(3, 3) + "over")
    case("decaln-resets-margins", CSI + "5;10r" + ESC + "#8" + cup(24, 1) + "\nbottom")
    case("ris-full-reset", sgr(1, 31) + fill(30) + OSC + "2;title" + BEL + CSI + "?1049h" + "alt" + ESC + "c" + "after reset")
    case("decstr-soft-reset", sgr(1, 31) + CSI + "?6h" + CSI + "5;10r" + CSI + "4h" + CSI + "?7l" + fill(4)
         + CSI + "!p" + cup(1, 1) + "soft reset text")
    case("decsca-decsed-selective", "protected?" + cup(2, 1) + CSI + "1\"q" + "keep" + CSI + "0\"q" + "gone"
         + CSI + "?2J" + cup(3, 1) + "x" + CSI + "1\"qkeep2" + CSI + "0\"qgone2" + "\r" + CSI + "?K")


# --- scrolling and margins ------------------------------------------------------------------

def scroll_cases():
    case("lf-scrolls-at-bottom", fill(30))
    case("decstbm-scroll-up", fill(10) + CSI + "3;6r" + cup(6, 1) + "\n\nnew at bottom of region" + CSI + "r")
    case("decstbm-scroll-down-ri", fill(10) + CSI + "3;6r" + cup(3, 1) + ESC + "M" + ESC + "Mnew at top" + CSI + "r")
    case("decstbm-invalid-ignored", fill(6) + CSI + "5;5r" + CSI + "6;2r" + cup(24, 1) + "\n\nscrolled whole")
    case("decstbm-homes-cursor", cup(10, 10) + CSI + "3;6r" + "home?")
    case("decstbm-bottom-beyond-screen", fill(6) + CSI + "2;200r" + cup(24, 1) + "\nbottom")
    case("ind-nel-ri", fill(5) + cup(2, 5) + ESC + "Dind" + ESC + "Enel" + ESC + "Mri" + ESC + "M" + ESC + "Mup")
    case("ri-at-top-scrolls-down", fill(5) + cup(1, 3) + ESC + "M" + "inserted above")
    case("lf-below-region", fill(10) + CSI + "2;5r" + cup(8, 1) + "\n\n\n\nbelow")
    case("lnm-newline-mode", CSI + "20h" + "one\ntwo\x0bthree\x0cfour" + CSI + "20l" + "\nfive")
    case("decslrm-margins", fill(8) + CSI + "?69h" + CSI + "5;20s" + cup(2, 1) + CSI + "3L" + CSI + "s" + CSI + "?69l")
    case("decslrm-scroll", fill(10) + CSI + "?69h" + CSI + "3;6r" + CSI + "10;20s" + cup(6, 10) + "\n\nscroll" + CSI + "r" + CSI + "?69l")
    case("decslrm-ignored-without-69", fill(4) + cup(2, 2) + CSI + "5;20s" + cup(10, 1) + CSI + "u" + "restored")
    case("scroll-region-not-full-width-scrollback", fill(30) + CSI + "1;10r" + cup(10, 1) + "\n\n\n" + CSI + "r")
    case("sl-sr-scroll-left-right", fill(8) + CSI + "3;6r" + cup(4, 1) + CSI + "2 @" + cup(5, 1) + CSI + " A"
         + cup(8, 1) + CSI + "5 @" + CSI + "r" + cup(8, 1) + "\u4e2d\u6587" + CSI + " A" + CSI + "3 @")
    case("decic-decdc-columns", fill(8) + CSI + "2;7r" + cup(3, 5) + CSI + "2'}" + cup(5, 10) + CSI + "3'~"
         + cup(8, 3) + CSI + "'}" + CSI + "r" + cup(1, 1) + "\u4e2d\u6587x" + cup(1, 2) + CSI + "'}")
    case("decic-at-pending-wrap", CSI + "1;3r" + "0123456789" * 8 + CSI + "'}" + "X", cols=80, rows=5)
    case("scroll-region-top-zero-scrollback", fill(20) + CSI + "1;20r" + cup(20, 1) + "\n\n\n\nsc" + CSI + "r")


# --- modes -----------------------------------------------------------------------------------

def mode_cases():
    case("irm-insert-mode", "0123456789" + cup(1, 3) + CSI + "4h" + "ins" + CSI + "4l" + "rep")
    case("irm-insert-pushes-off-edge", "0123456789" + "\r" + CSI + "4h" + "ab" + CSI + "4l", cols=10, rows=3)
    case("irm-insert-wide-char", "abcdef" + "\r" + CSI + "4h" + "\u4e2d" + CSI + "4l", cols=8, rows=3)
    case("decckm-deckpam", CSI + "?1h" + ESC + "=" + "app modes" + CSI + "?1l" + ESC + ">" + " normal")
    case("decscnm-reverse-video", CSI + "?5h" + "reverse screen" + CSI + "?5l" + " normal")
    case("bracketed-paste-2004", CSI + "?2004h" + "bp on" + CSI + "?2004l" + " off" + CSI + "?2004h")
    case("focus-events-1004", CSI + "?1004h" + "focus on")
    case("mouse-x10-9", CSI + "?9h" + "x10 mouse")
    case("mouse-vt200-1000", CSI + "?1000h" + "vt200 mouse")
    case("mouse-button-event-1002", CSI + "?1002h" + "drag mouse")
    case("mouse-any-event-1003", CSI + "?1003h" + "any mouse" + CSI + "?1003l")
    case("mouse-encodings-1005-1006-1015", CSI + "?1000h" + CSI + "?1005h" + CSI + "?1006h" + CSI + "?1015h" + "encodings"
         + CSI + "?1015l" + CSI + "?1006l")
    case("alt-screen-47", "main text" + CSI + "?47h" + "alt text" + CSI + "?47l" + "\r\nback")
    case("alt-screen-1047", "main text" + CSI + "?1047h" + "alt text" + CSI + "?1047l" + "\r\nback")
    case("alt-screen-1048-save-cursor", cup(5, 5) + CSI + "?1048h" + cup(10, 10) + "moved" + CSI + "?1048l" + "restored")
    case("alt-screen-1049", fill(5) + CSI + "?1049h" + "alt screen" + cup(10, 1) + "row ten" + CSI + "?1049l" + "main again")
    case("alt-screen-1049-active", fill(5) + CSI + "?1049h" + sgr(44) + "alt screen" + cup(10, 1) + "row ten")
    case("alt-screen-1049-cleared-on-enter", CSI + "?1049h" + "first visit" + CSI + "?1049l" + CSI + "?1049h" + "second")
    case("alt-screen-no-scrollback", CSI + "?1049h" + fill(40) + CSI + "?1049l")
    case("alt-screen-keeps-main-scrollback", fill(30) + CSI + "?1049h" + fill(30) + "\r\nalt")
    case("alt-screen-1049-twice", "main" + CSI + "?1049h" + "alt" + CSI + "?1049h" + "again" + CSI + "?1049l" + "x")
    case("alt-screen-47-not-cleared", CSI + "?47h" + "old alt" + CSI + "?47l" + CSI + "?47h" + cup(2, 1) + "new")
    case("sync-output-2026", CSI + "?2026h" + "inside sync" + CSI + "?2026l" + " after")
    case("sync-output-left-open", "before " + CSI + "?2026h" + "never closed")
    case("modes-private-unknown-ignored", CSI + "?9999h" + CSI + "?12345l" + CSI + "77h" + "text")


# --- charsets --------------------------------------------------------------------------------

def charset_cases():
    case("dec-line-drawing", ESC + "(0" + "lqqqqk\r\nx    x\r\nmqqqqj\r\n`afgjklmnopqrstuvwxyz{|}~" + ESC + "(B" + " ascii")
    case("dec-line-drawing-box", ESC + "(0" + cup(2, 2) + "lqwqk" + cup(3, 2) + "x x x" + cup(4, 2) + "tqnqu"
         + cup(5, 2) + "mqvqj" + ESC + "(B")
    case("charset-g1-so-si", ESC + ")0" + "ascii\x0eqqqq\x0fascii again")
    case("charset-uk", ESC + "(A" + "#pound#" + ESC + "(B" + "#hash#")
    case("charset-g2-g3-locking", ESC + "*0" + ESC + "+A" + "a" + ESC + "nq#" + ESC + "oq#" + ESC + "(B" + "\x0f" + "b")
    case("charset-single-shift", ESC + "*0" + "a" + ESC + "Nqq" + ESC + "+0" + ESC + "Oqq")
    case("charset-reset-by-ris", ESC + "(0" + "qqq" + ESC + "c" + "qqq")
    case("charset-line-drawing-with-utf8", ESC + "(0" + "q\u00e9q\u4e2dq" + ESC + "(B")
    # national replacement character sets (issue 21): every designator, the characters they replace
    nrcs = "".join(ESC + "(" + f + f + ":#@[\\]^_`{|}~\r\n" for f in "4C5RQKYE6ZH7=")
    case("charset-national-replacement", nrcs + ESC + "(B" + "us:#@[\\]^_`{|}~", cols=40, rows=16)
    case("charset-national-in-g1", ESC + ")K" + "a[b\x0ea[b\x0fa[b" + ESC + "*Z" + ESC + "n" + "[|]" + ESC + "(B" + "\x0f[")


# --- Unicode widths and clusters -----------------------------------------------------------

def unicode_cases():
    case("wide-char-basic", "\u4e2d\u6587\u5b57 \uac00\ud55c \u3042\u3044 end")
    case("wide-char-right-margin", "012345678\u4e2dX", cols=10, rows=4)
    case("wide-char-right-margin-nowrap", CSI + "?7l" + "012345678\u4e2d\u6587X", cols=10, rows=4)
    case("wide-char-exact-fit", "01234567\u4e2d" + "Y", cols=10, rows=4)
    case("wide-char-overwrite-left-half", "\u4e2d\u6587" + "\rX")
    case("wide-char-overwrite-right-half", "\u4e2d\u6587" + cup(1, 2) + "Y")
    case("wide-char-ich-dch-split", "a\u4e2d\u6587b" + cup(1, 3) + CSI + "P" + cup(2, 1) + "c\u4e2d\u6587d" + cup(2, 3) + CSI + "@")
    case("wide-char-ech-half", "\u4e2d\u6587\u5b57" + cup(1, 2) + CSI + "X" + cup(2, 1) + "\u4e2d\u6587" + cup(2, 4) + CSI + "2X")
    case("wide-char-el-half", "\u4e2d\u6587\u5b57" + cup(1, 4) + CSI + "1K" + cup(2, 1) + "\u4e2d\u6587\u5b57" + cup(2, 3) + CSI + "K")
    case("wide-char-cursor-movement", "\u4e2d\u6587" + CSI + "2D" + "x" + CSI + "C" + "y")
    case("combining-marks", "e\u0301 a\u0300\u0323 n\u0303 \u1e9b\u0323 o\u0308\u0304 x\u20dd")
    case("combining-at-line-start", "\u0301alone\r\n" + cup(2, 1) + "\u0308x")
    case("combining-after-wide", "\u4e2d\u0301\u6587\u0308 end")
    case("combining-after-cursor-move", "ab" + CSI + "D" + "\u0301c")
    case("zwj-emoji-sequence", "\U0001f468\u200d\U0001f469\u200d\U0001f467 family \U0001f3f3\ufe0f\u200d\U0001f308 flag")
    case("emoji-presentation-vs16", "\u2764\ufe0f \u2764 \u263a\ufe0f \u263a \u0031\ufe0f\u20e3 end")
    case("emoji-text-presentation-vs15", "\U0001f600\ufe0e \u231a\ufe0e end")
    case("emoji-skin-tone-modifier", "\U0001f44d\U0001f3fd \U0001f44b\U0001f3ff end")
    case("regional-indicator-flags", "\U0001f1ef\U0001f1f5 \U0001f1fa\U0001f1f8 \U0001f1e9 end")
    case("emoji-basic-wide", "\U0001f600\U0001f680\U0001f4a9\u231a\u2615 end")
    case("emoji-newer-unicode", "\U0001fae8 \U0001fa77 \U0001f6dc \U0001f9cb end")
    case("cjk-text-mixed", "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8 mixed with ASCII and \uc548\ub155\ud558\uc138\uc694")
    case("hangul-jamo", "\u1100\u1161\u11a8 \u1112\u1161\u11ab end")
    case("zero-width-chars", "a\u200bb\u200cc\u200dd\u2060e\ufeff" + "f")
    case("ambiguous-width-narrow", "\u00b1\u00a7\u00b0\u2460\u2500\u25cb\u03b1\u0436 end")
    case("fullwidth-forms", "\uff21\uff22\uff23\uff11\uff12 \uff61\uff62\uff63 half")
    case("wide-chars-wrap-sequence", "\u4e2d" * 12, cols=9, rows=4)
    case("wide-char-in-last-column-autowrap-off", CSI + "?7l" + "0123456789\u4e2d", cols=10, rows=3)
    case("control-pictures-and-symbols", "\u2400\u241b \u2190\u2191 \u2588\u2591 \u25b6\u25c0 end")


# --- scrollback ---------------------------------------------------------------------------------

def scrollback_cases():
    case("scrollback-basic", fill(50))
    case("scrollback-limit", fill(1100, width=20))
    case("scrollback-wrapped-lines", ("wrapped-" * 20 + "\r\n") * 6, cols=20, rows=5)
    case("scrollback-with-attributes", "".join(sgr(31 + i % 6) + "line %d" % i + sgr(0) + "\r\n" for i in range(40)))
    case("scrollback-after-clear-and-more", fill(30) + CSI + "2J" + CSI + "3J" + cup(1, 1) + fill(28))


# --- queries and replies ---------------------------------------------------------------------

def query_cases():
    case("dsr-5-status", "status" + CSI + "5n")
    case("dsr-6-cursor-position", cup(7, 13) + CSI + "6n" + "after")
    case("dsr-6-origin-mode", CSI + "5;10r" + CSI + "?6h" + cup(2, 3) + CSI + "6n" + CSI + "?6l" + CSI + "r")
    case("dsr-6-pending-wrap", "0123456789" + CSI + "6n", cols=10, rows=3)
    case("dsr-decxcpr", cup(4, 9) + CSI + "?6n")
    case("da1-primary", CSI + "c" + CSI + "0c")
    case("da2-secondary", CSI + ">c" + CSI + ">0c")
    case("da3-tertiary", CSI + "=c")
    case("decid-esc-z", ESC + "Z")
    case("decrqm-ansi-modes", CSI + "4h" + CSI + "4$p" + CSI + "20$p" + CSI + "2$p" + CSI + "4l")
    case("decrqm-dec-modes", CSI + "?1049h" + CSI + "?2004h" + "".join(CSI + "?%d$p" % m for m in (1, 6, 7, 25, 47, 1000, 1006, 1049, 2004, 2026, 9999)))
    case("xtversion", CSI + ">q" + CSI + ">0q")
    case("osc-10-11-12-color-query", OSC + "10;?" + BEL + OSC + "11;?" + ST + OSC + "12;?" + BEL + "text")
    case("osc-4-palette-query", OSC + "4;1;?" + BEL + OSC + "4;200;?" + ST)
    case("decrqss-sgr", sgr(1, 4, 31, 48, 5, 200) + DCS + "$qm" + ST + sgr(0) + DCS + "$qm" + ST)
    case("decrqss-decstbm", CSI + "3;12r" + DCS + "$qr" + ST + CSI + "r" + DCS + "$qr" + ST)
    case("decrqss-decscusr-and-invalid", CSI + "4 q" + DCS + "$q q" + ST + DCS + "$qzz" + ST)
    case("title-stack-push-pop", OSC + "2;one" + BEL + OSC + "1;icon one" + BEL + CSI + "22;0t" + OSC + "2;two" + BEL
         + CSI + "22t" + OSC + "2;three" + BEL + CSI + "23;2t" + CSI + "23;1t" + "text")
    case("xtwinops-queries", CSI + "18t" + CSI + "14t" + CSI + "21t" + CSI + "8;10;40t" + "text")
    case("enq-no-answerback", "a\x05b")


# --- OSC: titles, cwd, hyperlinks, marks -------------------------------------------------------

def osc_cases():
    case("osc-0-title", OSC + "0;zero title" + BEL + "x")
    case("osc-1-icon-name", OSC + "1;icon only" + BEL + "x")
    case("osc-2-title", OSC + "2;window title" + ST + "x")
    case("osc-title-utf8", OSC + "2;\u00e9t\u00e9 \u4e2d\u6587 \U0001f600" + BEL + "x")
    case("osc-title-changes", OSC + "2;first" + BEL + OSC + "0;second" + BEL + OSC + "2;" + BEL + "cleared")
    case("osc-title-braille-spinner", OSC + "0;\u280b working" + BEL + OSC + "0;\u2733 idle" + BEL + "x")
    case("osc-7-cwd", OSC + "7;file://host/tmp/dir" + BEL + "prompt$ ")
    case("osc8-hyperlink", "see " + OSC + "8;;https://example.com/a" + ST + "the link" + OSC + "8;;" + ST + " done")
    case("osc8-hyperlink-with-id", OSC + "8;id=x1;https://example.com/b" + BEL + "part one" + OSC + "8;;" + BEL
         + " gap " + OSC + "8;id=x1;https://example.com/b" + BEL + "part two" + OSC + "8;;" + BEL)
    case("osc8-hyperlink-across-lines", OSC + "8;;https://example.com/wrap" + ST + "0123456789abcdef" + OSC + "8;;" + ST, cols=10, rows=4)
    case("osc8-hyperlink-underlined", sgr(4) + OSC + "8;;https://example.com/u" + ST + "under" + OSC + "8;;" + ST + "plain")
    case("osc-133-prompt-marks", OSC + "133;A" + BEL + "$ " + OSC + "133;B" + BEL + "ls\r\n" + OSC + "133;C" + BEL
         + "file\r\n" + OSC + "133;D;0" + BEL + OSC + "133;A" + ST + "$ ")
    case("osc-52-clipboard-ignored", OSC + "52;c;aGVsbG8=" + BEL + OSC + "52;c;?" + BEL + "text")
    case("osc-unknown-ignored", OSC + "777;notify;a;b" + BEL + OSC + "1337;x" + ST + OSC + "99999;z" + BEL + "text")
    case("osc-4-104-palette-set", OSC + "4;1;rgb:ff/00/00" + BEL + sgr(31) + "red" + OSC + "104;1" + BEL + sgr(0))
    case("osc-10-11-set-colors", OSC + "10;#ffffff" + BEL + OSC + "11;rgb:00/00/00" + BEL + "text" + OSC + "110" + BEL + OSC + "111" + BEL)


# --- resize and reflow --------------------------------------------------------------------

def resize_cases():
    long_line = "The quick brown fox jumps over the lazy dog 0123456789"
    case("resize-narrower-reflows-wrapped", [long_line + "\r\nshort\r\n$ ", Resize(20, 8)], cols=40, rows=8)
    case("resize-wider-unwraps", [long_line + "\r\nshort\r\n$ ", Resize(60, 8)], cols=20, rows=8)
    case("resize-cursor-on-wrapped-line", ["$ " + long_line, Resize(70, 6), "X", Resize(15, 6), "Y"], cols=25, rows=6)
    case("resize-shorter-pushes-into-scrollback", [fill(10, 18) + "\r\n$ ", Resize(20, 5)], cols=20, rows=12)
    case("resize-taller-pulls-from-scrollback", [fill(12, 18) + "\r\n$ ", Resize(20, 10)], cols=20, rows=5)
    case("resize-wide-chars-reflow", ["\u4e2d\u6587" * 8 + "x\r\n$ ", Resize(7, 6), "!", Resize(30, 6)], cols=12, rows=6)
    case("resize-alt-screen", [fill(6, 30) + CSI + "?1049h" + "alt text on the alternate screen", Resize(12, 6),
                               CSI + "?1049l" + "back"], cols=40, rows=8)
    case("resize-resets-margins", [CSI + "2;4r" + fill(3), Resize(30, 8), cup(8, 1) + "\n\nafter"], cols=30, rows=6)
    case("resize-tab-stops", [CSI + "3g" + cup(1, 5) + ESC + "H", Resize(40, 4), "\ra\tb\tc\td\te"], cols=20, rows=4)
    case("resize-pending-wrap", ["0123456789", Resize(15, 4), "X"], cols=10, rows=4)
    case("resize-keeps-attributes", [sgr(1, 31, 44) + "colored text that wraps around" + sgr(0) + "\r\n", Resize(8, 6)],
         cols=16, rows=6)
    case("resize-to-one-cell-and-back", [fill(5, 20), Resize(1, 1), Resize(30, 6), "Z"], cols=30, rows=6)
    case("resize-saved-cursor", [cup(6, 25) + ESC + "7", Resize(10, 3), ESC + "8" + "R"], cols=30, rows=8)
    case("resize-scrollback-reflow", [("wrapped line number %02d " % i) * 2 + "\r\n" for i in range(12)]
         + [Resize(15, 5), "mid", Resize(50, 5)], cols=30, rows=5)
    case("resize-many-times", ["start " * 10] + [Resize(c, r) for c, r in ((7, 3), (23, 9), (11, 4), (40, 2))]
         + ["end"], cols=30, rows=6)
    # A link that starts on a soft-wrapped continuation row (gcc's diagnostics in a narrow window), then a wider
    # screen joins the rows: xterm.js forgets the link's URI there (SKIP.md), we keep it.
    case("resize-hyperlink-on-continuation-row", ["y" * 25 + OSC + "8;;https://example.com/doc" + ST + "LINKTEXT"
                                                  + OSC + "8;;" + ST + " tail\r\n$ ", Resize(40, 5)], cols=20, rows=5)


# --- small screens drawn the way real programs draw them ---------------------------------------

def program_like_cases():
    status = cup(24, 1) + sgr(7) + " NORMAL " + sgr(0) + " file.txt" + CSI + "K"
    case("tui-status-line", CSI + "?1049h" + CSI + "H" + CSI + "2J" + "".join(cup(r, 1) + "~" for r in range(2, 24)) + status)
    case("progress-bar-redraw", "".join("\r[" + "#" * i + " " * (20 - i) + "] %3d%%" % (i * 5) for i in range(21)) + "\r\n")
    case("prompt-redraw-readline", "$ echo hello" + "\b" * 5 + CSI + "K" + "world" + "\r" + CSI + "K" + "$ final")
    case("clear-screen-sequence", fill(30) + CSI + "H" + CSI + "2J" + CSI + "3J" + "clean")


FAMILIES = [parser_cases, utf8_cases, cursor_cases, tab_cases, sgr_cases, erase_cases, scroll_cases,
            mode_cases, charset_cases, unicode_cases, scrollback_cases, query_cases, osc_cases,
            resize_cases, program_like_cases]


def planned_files():
    index = ["# case<TAB>family, written by tools/record/make-feature-cases.py; rec-* recordings are family 'recording'"]
    index += ["%s\t%s" % (name, FAMILY_OF[name]) for name in sorted(CASES)]
    files = {"INDEX.tsv": ("\n".join(index) + "\n").encode("utf-8")}
    for name, (raw, cols, rows, resizes) in CASES.items():
        files[name + ".bin"] = raw
        if cols is not None or rows is not None or resizes:
            size = {"cols": cols or 80, "rows": rows or 24}
            if resizes:
                size["resizes"] = resizes
            files[name + ".json"] = (json.dumps(size) + "\n").encode("utf-8")
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences, write nothing")
    args = parser.parse_args()
    for family in FAMILIES:
        current_family[0] = family.__name__[:-len("_cases")].replace("_", "-")
        family()
    files = planned_files()
    CORPUS.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, content in files.items():
        path = CORPUS / name
        if not path.exists() or path.read_bytes() != content:
            changed.append(name)
            if not args.check:
                path.write_bytes(content)
    stale = [p.name for p in CORPUS.iterdir()
             if p.suffix in (".bin", ".json") and not p.name.startswith(RECORDING_PREFIX) and p.name not in files]
    for name in stale:
        if not args.check:
            (CORPUS / name).unlink()
    print("%d feature cases, %d files changed, %d stale removed%s"
          % (len(CASES), len(changed), len(stale), " (check only)" if args.check else ""))
    return 1 if args.check and (changed or stale) else 0


if __name__ == "__main__":
    sys.exit(main())
