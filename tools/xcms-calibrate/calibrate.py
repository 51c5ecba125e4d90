"""Measures, black-box, how the terminal it runs in (real xterm under Xvfb: see ./run) turns device-independent
colour specifications into device colours, and records answers for ptyctl's differential test.

  python3 calibrate.py DATA_FILE ANSWERS_FILE DATE LOG_FILE

1. rgbi: -> device value, per channel: the 255 intensities at which the 8-bit value the terminal answers steps up,
   each found by bisection (all 765 at once, one palette entry each, ~45 rounds).
2. CIEXYZ: -> rgbi: is linear (a 3x3 matrix). A rough matrix comes from least squares over random points whose
   answers are inside the gamut, with each answer read back as the middle of its intensity step; then, for many
   points p inside the gamut and each channel, bisection on the scale s at which that channel steps up gives the
   exact equation row . p = threshold / s; least squares over those gives each row of the matrix.
3. The screen white point is the XYZ of rgbi:1/1/1 (the inverse matrix applied to 1, 1, 1).
4. Seeded random specifications of every form, with the terminal's answers, go to ANSWERS_FILE.
"""
import math
import random
import sys

from probe import Terminal

ROUNDS = 46
FLOOR = 1e-9


def log(text):
    with open(LOG, 'a') as f:
        f.write(text + '\n')


def number(x):
    return repr(float(x))


def device(answer, channel):
    return answer[channel] >> 8


def thresholds(term):
    """thresholds[c][k - 1]: the least rgbi intensity of channel c whose answer is >= k, k = 1..255."""
    lo = [[0.0] * 255 for _ in range(3)]
    hi = [[1.0] * 255 for _ in range(3)]
    ends = term.colours(['rgbi:0/0/0', 'rgbi:1/1/1'])
    log(f'rgbi:0/0/0 -> {ends[0]}, rgbi:1/1/1 -> {ends[1]}')
    for _ in range(ROUNDS):
        mids = [[(lo[c][k] + hi[c][k]) / 2 for k in range(255)] for c in range(3)]
        specs = ['rgbi:' + '/'.join(number(mids[c][k]) for c in range(3)) for k in range(255)]
        answers = term.colours(specs)
        for k in range(255):
            for c in range(3):
                if device(answers[k], c) >= k + 1:
                    hi[c][k] = mids[c][k]
                else:
                    lo[c][k] = mids[c][k]
    # Values every intensity just above 0 answers: bisection stops at 2^-ROUNDS; the least positive double says
    # whether the step is at 0 itself (it is, for every channel, with xterm 379).
    smallest = 5e-324
    answer = term.colours([f'rgbi:{smallest!r}/{smallest!r}/{smallest!r}'])[0]
    for c in range(3):
        for k in range(255):
            if device(answer, c) >= k + 1 and lo[c][k] == 0.0:
                hi[c][k] = smallest
    return hi


def intensity(steps, value):
    """Middle of the intensity range that answers this 8-bit value; None at the ends (which clip) and for the
    lowest value above 0, which every intensity just above 0 answers (the intensity tables jump there)."""
    if value <= 0 or value >= 255 or steps[value - 1] < FLOOR:
        return None
    return (steps[value - 1] + steps[value]) / 2


def solve3(a, b):
    """Solves the 3x3 system a x = b (Cramer's rule; the systems here are well conditioned)."""
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(a)
    x = []
    for col in range(3):
        m = [row[:] for row in a]
        for r in range(3):
            m[r][col] = b[r]
        x.append(det(m) / d)
    return x


def least_squares(rows, values):
    """The x minimising |rows x - values| (normal equations)."""
    ata = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    atb = [sum(r[i] * v for r, v in zip(rows, values)) for i in range(3)]
    return solve3(ata, atb)


def invert(m):
    columns = [solve3(m, [1.0 if r == c else 0.0 for r in range(3)]) for c in range(3)]
    return [[columns[c][r] for c in range(3)] for r in range(3)]


def apply(m, v):
    return [sum(m[r][i] * v[i] for i in range(3)) for r in range(3)]


def xyz_spec(v):
    return 'CIEXYZ:' + '/'.join(number(x) for x in v)


def rough_matrix(term, steps, rng):
    points = [[rng.uniform(0, 1) for _ in range(3)] for _ in range(1024)]
    answers = term.colours([xyz_spec(p) for p in points])
    rows = [[], [], []]
    values = [[], [], []]
    for p, answer in zip(points, answers):
        measured = [intensity(steps[c], device(answer, c)) for c in range(3)]
        if None in measured:
            continue
        for c in range(3):
            rows[c].append(p)
            values[c].append(measured[c])
    log(f'rough fit from {len(rows[0])} of {len(points)} points inside the gamut')
    return [least_squares(rows[c], values[c]) for c in range(3)]


def exact_matrix(term, steps, rough, rng):
    """For points p inside the gamut, the scale s* at which channel c steps from k to k + 1 gives
    row_c . p = steps[c][k] / s*; bisection finds s* to ~1e-13."""
    inverse = invert(rough)
    targets = [[rng.uniform(0.15, 0.85) for _ in range(3)] for _ in range(85)]
    points = [apply(inverse, t) for t in targets]
    answers = term.colours([xyz_spec(p) for p in points])
    jobs = []   # (point, channel, k): find where channel's answer reaches k + 1
    for p, answer in zip(points, answers):
        for c in range(3):
            k = device(answer, c)
            if intensity(steps[c], k) is not None and k < 254:
                jobs.append([p, c, k, 1.0, 1.0])
    for job in jobs:   # upper bracket: a scale at which the channel answers k + 1 or more
        p, c, k = job[0], job[1], job[2]
        job[4] = steps[c][k + 1] / apply(rough, p)[c] * 1.001 if k + 1 < 255 else 1.01
    bracket = term.colours([xyz_spec([x * job[4] for x in job[0]]) for job in jobs])
    jobs = [job for job, answer in zip(jobs, bracket) if device(answer, job[1]) >= job[2] + 1]
    for _ in range(ROUNDS):
        mids = [(job[3] + job[4]) / 2 for job in jobs]
        answers = term.colours([xyz_spec([x * s for x in job[0]]) for job, s in zip(jobs, mids)])
        for job, s, answer in zip(jobs, mids, answers):
            if device(answer, job[1]) >= job[2] + 1:
                job[4] = s
            else:
                job[3] = s
    rows = [[], [], []]
    values = [[], [], []]
    for p, c, k, lo, hi in jobs:
        # answer at scale hi (>= k + 1) is the first over steps[c][k]; the threshold is crossed at hi
        rows[c].append(p)
        values[c].append(steps[c][k] / hi)
    matrix = [least_squares(rows[c], values[c]) for c in range(3)]
    for c in range(3):
        worst = max(abs(sum(matrix[c][i] * p[i] for i in range(3)) - v) for p, v in zip(rows[c], values[c]))
        log(f'row {c}: {len(rows[c])} equations, largest residual {worst:.3g}')
    return matrix


def fmt_spec(form, values):
    return form + ':' + '/'.join(f'{v:.6g}' for v in values)


def random_specs(rng):
    """Seeded specs of every form: mostly in the ranges the forms are meant for, some beyond them."""
    specs = []
    for _ in range(150):
        specs.append(fmt_spec('rgbi', [rng.uniform(0, 1) for _ in range(3)]))
        specs.append(fmt_spec('CIEXYZ', [rng.uniform(0, 1) for _ in range(3)]))
        specs.append(fmt_spec('CIEuvY', [rng.uniform(0.15, 0.3), rng.uniform(0.4, 0.55), rng.uniform(0, 1)]))
        specs.append(fmt_spec('CIExyY', [rng.uniform(0.2, 0.4), rng.uniform(0.25, 0.4), rng.uniform(0, 1)]))
        # xterm's CIELab a*, b* and CIELuv u*, v* act 100 times as strongly as the CIE's: small values
        specs.append(fmt_spec('CIELab', [rng.uniform(0, 100), rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4)]))
        specs.append(fmt_spec('CIELuv', [rng.uniform(0, 100), rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4)]))
        specs.append(fmt_spec('TekHVC', [rng.uniform(0, 360), rng.uniform(0, 100), rng.uniform(0, 40)]))
    for _ in range(30):   # wide ranges: many lie outside the gamut
        specs.append(fmt_spec('CIEuvY', [rng.uniform(0, 0.6), rng.uniform(0, 0.6), rng.uniform(0, 1)]))
        specs.append(fmt_spec('CIExyY', [rng.uniform(0, 0.75), rng.uniform(0, 0.85), rng.uniform(0, 1)]))
        specs.append(fmt_spec('CIELab', [rng.uniform(0, 100), rng.uniform(-60, 60), rng.uniform(-60, 60)]))
        specs.append(fmt_spec('CIELuv', [rng.uniform(0, 100), rng.uniform(-60, 60), rng.uniform(-60, 60)]))
        specs.append(fmt_spec('TekHVC', [rng.uniform(0, 360), rng.uniform(0, 100), rng.uniform(0, 100)]))
    for form in ('rgbi', 'CIEXYZ', 'CIEuvY', 'CIExyY', 'CIELab', 'CIELuv', 'TekHVC'):
        specs.append(form + ':1/1/1')
        specs.append(form + ':0.5/0.5/0.5')
        specs.append(form + ':0/0/0')
    # forms xterm must ignore, and edge cases of the syntax
    specs += ['rgbi:2/0/0', 'rgbi:-0.5/0/0', 'rgbi:0.5/0.5', 'rgbi:a/b/c', 'CIEXYZ:1/1', 'CIELab:50/0/0/0',
              'TekHVC:400/50/10', 'TekHVC:-10/50/10', 'TekHVC:10/150/10', 'CIELab:150/0/0', 'CIEuvY:0.2/0.3/2',
              'cieluv:50/10/10', 'RGBi:.5/.25/1e-1', 'rgbi:-0.5/0.5/1', 'CIEuvY:0.2/0/0', 'TekHVC:0/0/0', 'CIExyY:0.3/0/0.5', 'rgbi:0.5/0.5/0.5x', 'ciexyz: 0.5/0.5/0.5']
    return specs


def main():
    data_file, answers_file, date = sys.argv[1], sys.argv[2], sys.argv[3]
    rng = random.Random(379)
    term = Terminal()
    try:
        steps = thresholds(term)
        log('thresholds measured')
        rough = rough_matrix(term, steps, rng)
        log(f'rough matrix {rough}')
        matrix = exact_matrix(term, steps, rough, rng)
        white = apply(invert(matrix), [1.0, 1.0, 1.0])
        log(f'matrix {matrix}\nwhite {white}')
        specs = random_specs(random.Random(21))
        answers = term.colours(specs, detect_ignored=True)
        term.reset()
    finally:
        term.close()
    with open(data_file, 'w') as f:
        f.write(HEADER.format(date=date))
        f.write('# XYZ -> RGBi: rgbi = matrix . (X, Y, Z), one row per line (red, green, blue)\n')
        for row in matrix:
            f.write('matrix ' + ' '.join(number(x) for x in row) + '\n')
        f.write('# screen white point: the CIE XYZ of rgbi:1/1/1\n')
        f.write('white ' + ' '.join(number(x) for x in white) + '\n')
        f.write('# per channel: the least intensity whose 8-bit device value is k, for k = 1..255\n')
        for name, channel in zip(('red', 'green', 'blue'), steps):
            f.write(name + ' ' + ' '.join(number(x) for x in channel) + '\n')
    with open(answers_file, 'w') as f:
        f.write(ANSWERS_HEADER.format(date=date))
        for spec, answer in zip(specs, answers):
            text = 'ignored' if answer is None else 'rgb:%04x/%04x/%04x' % answer
            f.write(f'{spec}\t{text}\n')


HEADER = """\
# The colour characterization of xterm 379 under Xvfb (depth 24, no XDCCC properties on the root window),
# measured black-box on {date} by tools/xcms-calibrate/run from xterm's answers to OSC 4 queries:
# not copied from any source. Regenerate with tools/xcms-calibrate/run (see its header).
"""

ANSWERS_HEADER = """\
# Colour specifications and real xterm 379's answer to an OSC 4 query after OSC 4 set each (under Xvfb, depth 24),
# recorded on {date} by tools/xcms-calibrate/run (seeded: the same specs every time). "ignored": xterm kept the
# colour it had. ptyctl's XcmsAnswersTest checks that ptyctl answers each the same.
"""

if __name__ == '__main__':
    LOG = sys.argv[4]
    main()
