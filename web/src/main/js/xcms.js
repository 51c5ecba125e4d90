// Makes the page's xterm.js read the device-independent X11 colour specifications (rgbi:, CIEXYZ:, CIEuvY:, CIExyY:,
// CIELab:, CIELuv:, TekHVC:) in OSC 4, 10, 11 and 12 as the server's emulator does, so that a colour a program sets
// that way is shown, and answered when this page answers queries, as the server answers it. xterm.js reads only
// rgb: and # forms. The characterization (measured from real xterm 379 by tools/xcms-calibrate/run) is the file the
// server's emulator reads, bundled here as text at build time; the formulas are those of the emulator's
// DeviceIndependentColor.java (docs/emulator.md, "Device-independent colour specifications").
import CHARACTERIZATION from '../../../../vt/src/main/resources/dev/ptyctl/vt/terminal/xcms-xterm-379.txt';

const LINEAR_LIGHTNESS = 7.99953624;
const KAPPA = 903.29629;
const TEK_CHROMA_SCALE = 7.50725;
const TEK_RED_U = 0.7127;
const TEK_RED_V = 0.4931;
const GAMUT_SLACK = 1e-12;
const NUMBER = '\\s*([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)';
const SPEC = new RegExp(`^([A-Za-z]+):${NUMBER}/${NUMBER}/${NUMBER}`);

function load(text) {
  const screen = { matrix: [], steps: [] };
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [key, ...values] = line.trim().split(' ');
    const numbers = values.map(Number);
    if (key === 'matrix') screen.matrix.push(numbers);
    else if (key === 'white') screen.white = numbers;
    else screen.steps[['red', 'green', 'blue'].indexOf(key)] = numbers;
  }
  const d = screen.white[0] + 15 * screen.white[1] + 3 * screen.white[2];
  screen.whiteU = (4 * screen.white[0]) / d;
  screen.whiteV = (9 * screen.white[1]) / d;
  return screen;
}

const SCREEN = load(CHARACTERIZATION);

const intensities = (xyz) => SCREEN.matrix.map((row) => row[0] * xyz[0] + row[1] * xyz[1] + row[2] * xyz[2]);

function device(channel, intensity) {
  const thresholds = SCREEN.steps[channel];
  let low = 0;
  let high = thresholds.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (thresholds[middle] <= intensity) low = middle + 1;
    else high = middle;
  }
  return low;
}

const inGamut = (rgbi) => rgbi.every((i) => i >= -GAMUT_SLACK && i <= 1 + GAMUT_SLACK);

function fromUvY(u, v, y) {
  if (y === 0) return [0, 0, 0];
  return [(9 * u * y) / (4 * v), y, ((12 - 3 * u - 20 * v) * y) / (4 * v)];
}

function fromXyY(x, y, luminance) {
  if (luminance === 0) return [0, 0, 0];
  return [(x * luminance) / y, luminance, ((1 - x - y) * luminance) / y];
}

function relativeLuminance(lightness) {
  if (lightness < LINEAR_LIGHTNESS) return lightness / KAPPA;
  const f = (lightness + 16) / 116;
  return f * f * f;
}

function fromLab(lightness, a, b) {
  const [xn, yn, zn] = SCREEN.white;
  if (lightness < LINEAR_LIGHTNESS) {
    const y = (lightness * 100) / KAPPA;
    const slope = KAPPA / 116;
    return [xn * (y + a / (500 * slope)), yn * y, zn * (y - b / (200 * slope))];
  }
  const fy = (lightness + 16) / 116;
  const fx = fy + a / 5;
  const fz = fy - b / 2;
  return [xn * fx * fx * fx, yn * fy * fy * fy, zn * fz * fz * fz];
}

function fromLuv(lightness, u, v) {
  if (lightness === 0) return [0, 0, 0];
  const y = SCREEN.white[1] * relativeLuminance(lightness);
  return fromUvY((100 * u) / (13 * lightness) + SCREEN.whiteU, (100 * v) / (13 * lightness) + SCREEN.whiteV, y);
}

function fromTekHvc(hue, value, chroma) {
  if (value === 0) return [0, 0, 0];
  const distance = chroma / (TEK_CHROMA_SCALE * value);
  const angle = (hue * Math.PI) / 180 + Math.atan2(TEK_RED_V - SCREEN.whiteV, TEK_RED_U - SCREEN.whiteU);
  const y = SCREEN.white[1] * relativeLuminance(value);
  return fromUvY(SCREEN.whiteU + distance * Math.cos(angle), SCREEN.whiteV + distance * Math.sin(angle), y);
}

// Outside the gamut: Y and the direction from white in the u'v' plane kept, the distance from white reduced until the
// colour fits (as the emulator does).
function intoGamut(xyz) {
  const rgbi = intensities(xyz);
  if (inGamut(rgbi)) return rgbi;
  const y = xyz[1];
  if (!(y < SCREEN.white[1])) return [1, 1, 1];
  if (!(y > 0)) return [0, 0, 0];
  const d = xyz[0] + 15 * y + 3 * xyz[2];
  const du = d === 0 ? 0 : (4 * xyz[0]) / d - SCREEN.whiteU;
  const dv = d === 0 ? 0 : (9 * y) / d - SCREEN.whiteV;
  const at = (t) => intensities(fromUvY(SCREEN.whiteU + t * du, SCREEN.whiteV + t * dv, y));
  let inside = 0;
  let outside = 1;
  for (let i = 0; i < 60; i++) {
    const t = (inside + outside) / 2;
    if (inGamut(at(t))) inside = t;
    else outside = t;
  }
  return at(inside);
}

function toXyz(form, v) {
  switch (form) {
    case 'ciexyz':
      return v.every((c) => c >= 0) ? v : null;
    case 'cieuvy':
      return (v[1] > 0 || v[2] === 0) && v[2] >= 0 && v[2] <= 1 ? fromUvY(...v) : null;
    case 'ciexyy':
      return (v[1] > 0 || v[2] === 0) && v[2] >= 0 && v[2] <= 1 ? fromXyY(...v) : null;
    case 'cielab':
      return v[0] >= 0 && v[0] <= 100 ? fromLab(...v) : null;
    case 'cieluv':
      return v[0] >= 0 && v[0] <= 100 ? fromLuv(...v) : null;
    case 'tekhvc':
      return v[1] >= 0 && v[1] <= 100 && v[2] >= 0 ? fromTekHvc(...v) : null;
    default:
      return null;
  }
}

const hex = (value) => value.toString(16).padStart(2, '0');

/** The rgb:rr/gg/bb form of a device-independent spec; null when it is not one (or not a valid one). */
export function deviceIndependentToRgb(spec) {
  const match = SPEC.exec(spec);
  if (!match) return null;
  const form = match[1].toLowerCase();
  const v = [match[2], match[3], match[4]].map(Number);
  if (v.some((n) => !Number.isFinite(n))) return null;
  let rgbi;
  if (form === 'rgbi') {
    if (v.some((n) => n > 1)) return null;
    rgbi = v;
  } else {
    const xyz = toXyz(form, v);
    if (!xyz) return null;
    rgbi = intoGamut(xyz);
  }
  return 'rgb:' + rgbi.map((i, c) => hex(device(c, Math.min(1, Math.max(0, i))))).join('/');
}

// Which of a payload's ';'-separated fields are colour specs: every second one from the second for OSC 4 (index;
// spec pairs), every one for OSC 10-12.
const SPEC_FIELDS = { 4: (i) => i % 2 === 1, 10: () => true, 11: () => true, 12: () => true };
// xterm.js's own handlers for these commands (internal, xterm.js 6.0; the page's e2e test covers them).
const BUILT_IN = {
  4: 'setOrReportIndexedColor',
  10: 'setOrReportFgColor',
  11: 'setOrReportBgColor',
  12: 'setOrReportCursorColor',
};

export class DeviceIndependentColors {
  /** Register before ReplyDetector, whose handlers must see the payload first (xterm.js runs the newest first). */
  constructor(term) {
    const inputHandler = term._core?._inputHandler;
    const ids = Object.keys(SPEC_FIELDS).filter((id) => typeof inputHandler?.[BUILT_IN[id]] === 'function');
    if (ids.length < Object.keys(SPEC_FIELDS).length) {
      console.warn('ptyctl: this xterm.js lacks the colour handlers the page hooks; device-independent colours are not read');
    }
    this.disposables = ids.map((id) =>
      term.parser.registerOscHandler(Number(id), (data) => {
        let rewritten = false;
        const fields = data.split(';').map((field, i) => {
          const rgb = SPEC_FIELDS[id](i) && field.includes(':') && !field.startsWith('rgb:') ? deviceIndependentToRgb(field) : null;
          if (rgb) rewritten = true;
          return rgb ?? field;
        });
        if (!rewritten) return false; // xterm.js handles it as usual
        inputHandler[BUILT_IN[id]](fields.join(';'));
        return true;
      }),
    );
  }

  dispose() {
    this.disposables.forEach((d) => d.dispose());
  }
}
