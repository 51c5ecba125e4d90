"""Asks the terminal this runs in which colour a specification gives: OSC 4 sets palette entries, OSC 4 '?'
queries read them back. Used by calibrate.py (inside real xterm, see ./run); knows nothing of colour science."""
import os
import re
import select
import termios
import tty

SLOTS = 256
REPLY = re.compile(rb'\x1b\]4;(\d+);rgb:([0-9a-f]+)/([0-9a-f]+)/([0-9a-f]+)(?:\x07|\x1b\\)')
DA1 = re.compile(rb'\x1b\[\?[0-9;]*c')
# Two colours no specification of ours is expected to give both of: a spec that leaves the entry at both
# (set before it in two rounds) was ignored by the terminal.
SENTINELS = ('rgb:01/02/03', 'rgb:fc/fd/fe')


class Terminal:
    def __init__(self):
        self.fd = os.open('/dev/tty', os.O_RDWR)
        self.saved = termios.tcgetattr(self.fd)
        tty.setraw(self.fd)

    def close(self):
        termios.tcsetattr(self.fd, termios.TCSAFLUSH, self.saved)
        os.close(self.fd)

    def _write(self, text):
        data = text.encode('ascii')
        while data:
            data = data[os.write(self.fd, data):]

    def _read_until_da1(self):
        buffer = b''
        while not DA1.search(buffer):
            ready, _, _ = select.select([self.fd], [], [], 20)
            if not ready:
                raise RuntimeError('the terminal stopped answering')
            buffer += os.read(self.fd, 65536)
        return buffer

    def _round(self, before, specs):
        """Sets entry i to before, then to specs[i], and reads every entry back as (r, g, b) 16-bit values."""
        sets = ''.join(f'\x1b]4;{i};{before}\x07\x1b]4;{i};{spec}\x07' for i, spec in enumerate(specs))
        queries = '\x1b]4;' + ';'.join(f'{i};?' for i in range(len(specs))) + '\x07'
        self._write(sets + queries + '\x1b[c')
        answers = {}
        for match in REPLY.finditer(self._read_until_da1()):
            answers[int(match.group(1))] = tuple(int(match.group(k), 16) for k in (2, 3, 4))
        if len(answers) != len(specs):
            raise RuntimeError(f'{len(answers)} answers to {len(specs)} queries')
        return [answers[i] for i in range(len(specs))]

    def colours(self, specs, detect_ignored=False):
        """The 16-bit (r, g, b) the terminal answers after each spec; None for a spec it ignored (only when
        detect_ignored, which costs a second round for answers equal to the first sentinel)."""
        result = []
        for start in range(0, len(specs), SLOTS):
            chunk = specs[start:start + SLOTS]
            first = self._round(SENTINELS[0], chunk)
            if detect_ignored:
                sentinel = _parse_rgb(SENTINELS[0])
                again = [i for i, rgb in enumerate(first) if rgb == sentinel]
                if again:
                    second = self._round(SENTINELS[1], [chunk[i] for i in again])
                    for i, rgb in zip(again, second):
                        first[i] = None if rgb == _parse_rgb(SENTINELS[1]) else rgb
            result.extend(first)
        return result

    def reset(self):
        self._write('\x1b]104\x07')


def _parse_rgb(spec):
    return tuple(int(part, 16) * 0x101 for part in spec[4:].split('/'))
