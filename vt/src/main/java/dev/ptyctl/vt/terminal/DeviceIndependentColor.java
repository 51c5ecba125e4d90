package dev.ptyctl.vt.terminal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the device-independent X11 colour specifications as real xterm 379 does under Xvfb:
 * {@code rgbi:}, {@code CIEXYZ:}, {@code CIEuvY:}, {@code CIExyY:}, {@code CIELab:}, {@code CIELuv:}
 * and {@code TekHVC:}, each followed by three numbers separated by {@code /}. Each form is taken to CIE
 * XYZ, then to RGBi and xterm's 8-bit values through {@link XcmsCharacterization}, which was measured
 * from xterm. The CIE formulas are the standard ones relative to the screen white point, with the
 * differences measured in xterm's answers (docs/emulator.md, "Device-independent colour
 * specifications"): {@code CIELab:} a* and b* act 100 times as strongly, and below the lightness 8 Y is
 * 100 times the CIE value; {@code CIELuv:} u* and v* act 100 times as strongly.
 */
final class DeviceIndependentColor {
    /** The CIE 1976 lightness below which Y is linear in L* (903.3 × 0.008856). */
    private static final double LINEAR_LIGHTNESS = 7.99953624;
    private static final double KAPPA = 903.29629;
    /** TekHVC: chroma per unit of u'v' distance times Value, and the chromaticity of its 0° hue ("best red"). */
    private static final double TEK_CHROMA_SCALE = 7.50725;
    private static final double TEK_RED_U = 0.7127;
    private static final double TEK_RED_V = 0.4931;
    /** Intensities this far outside 0..1 still count as inside the gamut (rounding of the matrix). */
    private static final double GAMUT_SLACK = 1e-12;

    private static final String NUMBER = "\\s*([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)";
    private static final Pattern NUMBERS = Pattern.compile(NUMBER + "/" + NUMBER + "/" + NUMBER);

    /**
     * With xterm 379's characterization. Here rather than in {@link Colors}, so that the characterization is read
     * when the first spec of these forms comes, not when the first terminal is made (reading it takes tens of
     * milliseconds in a fresh JVM).
     */
    static final DeviceIndependentColor XTERM_379 = new DeviceIndependentColor(XcmsCharacterization.XTERM_379);

    private final XcmsCharacterization screen;
    private final double whiteU;
    private final double whiteV;

    DeviceIndependentColor(XcmsCharacterization screen) {
        this.screen = screen;
        double d = screen.white(0) + 15 * screen.white(1) + 3 * screen.white(2);
        this.whiteU = 4 * screen.white(0) / d;
        this.whiteV = 9 * screen.white(1) / d;
    }

    /**
     * The colour of a specification in one of the forms above (prefix in any case), as 0xRRGGBB; -1 when
     * it is not one of them, a number is missing or malformed, or a value is out of its form's range.
     */
    int parse(String spec) {
        int colon = spec.indexOf(':');
        if (colon < 0) {
            return -1;
        }
        double[] v = threeNumbers(spec, colon + 1);
        if (v == null) {
            return -1;
        }
        String form = spec.substring(0, colon).toLowerCase(Locale.ROOT);
        if (form.equals("rgbi")) {
            return v[0] <= 1 && v[1] <= 1 && v[2] <= 1 ? screen.rgb(v) : -1;   // below 0 is 0, as in xterm
        }
        double[] xyz = toXyz(form, v);
        return xyz == null ? -1 : screen.rgb(intoGamut(xyz));
    }

    /** Whether a specification this class reads lies outside the screen's gamut (so its colour is approximated). */
    boolean outsideGamut(String spec) {
        int colon = spec.indexOf(':');
        double[] v = colon < 0 ? null : threeNumbers(spec, colon + 1);
        double[] xyz = v == null ? null : toXyz(spec.substring(0, colon).toLowerCase(Locale.ROOT), v);
        return xyz != null && !inGamut(screen.intensities(xyz));
    }

    /** CIE XYZ of the three numbers of a form other than rgbi:; null when a value is out of the form's range. */
    private double[] toXyz(String form, double[] v) {
        return switch (form) {
            case "ciexyz" -> v[0] >= 0 && v[1] >= 0 && v[2] >= 0 ? v : null;
            case "cieuvy" -> (v[1] > 0 || v[2] == 0) && v[2] >= 0 && v[2] <= 1 ? fromUvY(v[0], v[1], v[2]) : null;
            case "ciexyy" -> (v[1] > 0 || v[2] == 0) && v[2] >= 0 && v[2] <= 1 ? fromXyY(v[0], v[1], v[2]) : null;
            case "cielab" -> v[0] >= 0 && v[0] <= 100 ? fromLab(v[0], v[1], v[2]) : null;
            case "cieluv" -> v[0] >= 0 && v[0] <= 100 ? fromLuv(v[0], v[1], v[2]) : null;
            case "tekhvc" -> v[1] >= 0 && v[1] <= 100 && v[2] >= 0 ? fromTekHvc(v[0], v[1], v[2]) : null;
            default -> null;
        };
    }

    /**
     * Three numbers separated by {@code /} from {@code start}, each optionally preceded by blanks, as C's
     * {@code sscanf("%lf/%lf/%lf")} reads them (so anything after the third number is ignored, as xterm
     * does); null when one is missing or beyond a double's range. Hexadecimal and NaN numbers are not read.
     */
    private static double[] threeNumbers(String text, int start) {
        Matcher m = NUMBERS.matcher(text);
        m.region(start, text.length());
        if (!m.lookingAt()) {
            return null;
        }
        double[] numbers = {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
            Double.parseDouble(m.group(3))};
        for (double number : numbers) {
            if (Double.isInfinite(number)) {
                return null;
            }
        }
        return numbers;
    }

    private double[] fromUvY(double u, double v, double y) {
        if (y == 0) {
            return new double[3];
        }
        return new double[] {9 * u * y / (4 * v), y, (12 - 3 * u - 20 * v) * y / (4 * v)};
    }

    private double[] fromXyY(double x, double y, double luminance) {
        if (luminance == 0) {
            return new double[3];
        }
        return new double[] {x * luminance / y, luminance, (1 - x - y) * luminance / y};
    }

    /** Y / Yn of a CIE lightness, as Luv and TekHVC take it. */
    private static double relativeLuminance(double lightness) {
        if (lightness < LINEAR_LIGHTNESS) {
            return lightness / KAPPA;
        }
        double f = (lightness + 16) / 116;
        return f * f * f;
    }

    private double[] fromLab(double lightness, double a, double b) {
        if (lightness < LINEAR_LIGHTNESS) {
            double y = lightness * 100 / KAPPA;
            double slope = KAPPA / 116;   // 7.787, the CIE linear segment's slope in f
            return new double[] {screen.white(0) * (y + a / (500 * slope)), screen.white(1) * y,
                screen.white(2) * (y - b / (200 * slope))};
        }
        double fy = (lightness + 16) / 116;
        double fx = fy + a / 5;
        double fz = fy - b / 2;
        return new double[] {screen.white(0) * fx * fx * fx, screen.white(1) * fy * fy * fy,
            screen.white(2) * fz * fz * fz};
    }

    private double[] fromLuv(double lightness, double u, double v) {
        if (lightness == 0) {
            return new double[3];
        }
        double y = screen.white(1) * relativeLuminance(lightness);
        return fromUvY(100 * u / (13 * lightness) + whiteU, 100 * v / (13 * lightness) + whiteV, y);
    }

    private double[] fromTekHvc(double hue, double value, double chroma) {
        if (value == 0) {
            return new double[3];
        }
        double distance = chroma / (TEK_CHROMA_SCALE * value);
        double angle = Math.toRadians(hue) + Math.atan2(TEK_RED_V - whiteV, TEK_RED_U - whiteU);
        double y = screen.white(1) * relativeLuminance(value);
        return fromUvY(whiteU + distance * Math.cos(angle), whiteV + distance * Math.sin(angle), y);
    }

    /**
     * RGBi of a colour, brought into the screen's gamut when it lies outside as xterm's answers show: Y and
     * the direction from the white point in the CIE u′v′ plane (TekHVC's Value and Hue) are kept, and the
     * distance from white (TekHVC's Chroma) is reduced until the colour fits; Y at or above the white
     * point's gives white, Y at or below 0 black. Which of 0 and the first step above it a channel at the
     * gamut's edge answers depends on rounding inside Xlib: there ptyctl can differ from xterm.
     */
    private double[] intoGamut(double[] xyz) {
        double[] rgbi = screen.intensities(xyz);
        if (inGamut(rgbi)) {
            return rgbi;
        }
        double y = xyz[1];
        if (!(y < screen.white(1))) {
            return new double[] {1, 1, 1};
        }
        if (!(y > 0)) {
            return new double[3];
        }
        double d = xyz[0] + 15 * y + 3 * xyz[2];
        double du = d == 0 ? 0 : 4 * xyz[0] / d - whiteU;
        double dv = d == 0 ? 0 : 9 * y / d - whiteV;
        double inside = 0;
        double outside = 1;
        for (int i = 0; i < 60; i++) {
            double t = (inside + outside) / 2;
            if (inGamut(screen.intensities(fromUvY(whiteU + t * du, whiteV + t * dv, y)))) {
                inside = t;
            } else {
                outside = t;
            }
        }
        return screen.intensities(fromUvY(whiteU + inside * du, whiteV + inside * dv, y));
    }

    private static boolean inGamut(double[] rgbi) {
        for (double intensity : rgbi) {
            if (!(intensity >= -GAMUT_SLACK && intensity <= 1 + GAMUT_SLACK)) {
                return false;
            }
        }
        return true;
    }
}
