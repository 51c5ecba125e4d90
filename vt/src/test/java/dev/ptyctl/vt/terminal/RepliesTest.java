package dev.ptyctl.vt.terminal;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static dev.ptyctl.vt.fixtures.Vt.OSC;
import static dev.ptyctl.vt.fixtures.Vt.buildVersion;
import static dev.ptyctl.vt.fixtures.Vt.captureReplies;
import static dev.ptyctl.vt.fixtures.Vt.feed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Every query the emulator answers, byte for byte, in the format xterm documents for it (ctlseqs,
 * "xterm Control Sequences"), with the values xterm 379 set up as a VT520 gives. docs/emulator.md
 * ("Queries and who answers them") lists the same.
 */
class RepliesTest {
    private static final String ST = ESC + "\\";
    private static final String DCS = ESC + "P";

    private static String replies(Chunking chunking, String input) {
        return replies(new Terminal(10, 5), chunking, input);
    }

    private static String replies(Terminal t, Chunking chunking, String input) {
        ByteArrayOutputStream out = captureReplies(t);
        feed(t, chunking, input);
        return out.toString(StandardCharsets.UTF_8);
    }

    @ChunkedTest
    void deviceStatusAnswersOk(Chunking chunking) {
        assertThat(replies(chunking, CSI + "5n")).isEqualTo(CSI + "0n");
        assertThat(replies(chunking, CSI + "?5n")).isEqualTo(CSI + "?0n");
    }

    @ChunkedTest
    void cursorPositionReportIsOneBasedAndTheDecFormAddsThePage(Chunking chunking) {
        assertThat(replies(chunking, CSI + "3;4H" + CSI + "6n")).isEqualTo(CSI + "3;4R");
        assertThat(replies(chunking, CSI + "3;4H" + CSI + "?6n")).isEqualTo(CSI + "?3;4;1R");
    }

    @ChunkedTest
    void cursorPositionReportWithAPendingWrapSaysTheLastColumn(Chunking chunking) {
        assertThat(replies(chunking, "0123456789" + CSI + "6n")).isEqualTo(CSI + "1;10R");
    }

    @ChunkedTest
    void cursorPositionReportIsRelativeToTheMarginsInOriginMode(Chunking chunking) {
        assertThat(replies(chunking, CSI + "2;4r" + CSI + "?6h" + CSI + "2;3H" + CSI + "6n")).isEqualTo(CSI + "2;3R");
        assertThat(replies(chunking, CSI + "?69h" + CSI + "3;8s" + CSI + "?6h" + CSI + "1;2H" + CSI + "6n"))
            .isEqualTo(CSI + "1;2R");
    }

    @ChunkedTest
    void deviceAttributesIdentifyAsTheVt520XtermIs(Chunking chunking) {
        String da1 = CSI + "?65;1;2;6;9;15;16;17;18;21;22;28;29c";
        assertThat(replies(chunking, CSI + "c" + CSI + "0c" + CSI + "1c")).isEqualTo(da1 + da1);
        assertThat(replies(chunking, ESC + "Z")).as("DECID").isEqualTo(da1);
        assertThat(replies(chunking, CSI + ">c" + CSI + ">0c")).isEqualTo(CSI + ">64;379;0c" + CSI + ">64;379;0c");
        assertThat(replies(chunking, CSI + "=c")).as("DA3").isEqualTo(DCS + "!|00000000" + ST);
    }

    @ChunkedTest
    void versionNamesPtyctlWithTheBuildsVersion(Chunking chunking) {
        String version = DCS + ">|ptyctl(" + buildVersion() + ")" + ST;
        assertThat(replies(chunking, CSI + ">q" + CSI + ">0q")).isEqualTo(version + version);
    }

    @ChunkedTest
    void decDeviceStatusReportsAnswerAsXterm(Chunking chunking) {
        assertThat(replies(chunking, CSI + "?15n")).as("printer").isEqualTo(CSI + "?13n");
        assertThat(replies(chunking, CSI + "?25n")).as("user-defined keys").isEqualTo(CSI + "?20n");
        assertThat(replies(chunking, CSI + "?26n")).as("keyboard").isEqualTo(CSI + "?27;1;0;0n");
        assertThat(replies(chunking, CSI + "?55n")).as("locator").isEqualTo(CSI + "?53n");
        assertThat(replies(chunking, CSI + "?56n")).as("locator type").isEqualTo(CSI + "?57;0n");
        assertThat(replies(chunking, CSI + "?62n")).as("macro space").isEqualTo(CSI + "0*{");
        assertThat(replies(chunking, CSI + "?63;7n")).as("memory checksum").isEqualTo(DCS + "7!~0000" + ST);
        assertThat(replies(chunking, CSI + "?75n")).as("data integrity").isEqualTo(CSI + "?70n");
        assertThat(replies(chunking, CSI + "?85n")).as("multiple sessions").isEqualTo(CSI + "?83n");
    }

    /**
     * XTQMODKEYS answers as xterm 379's report_mod_fkeys, with the values of xterm's defaults (what ptyctl's keys
     * send), one answer a parameter; XTMODKEYS cannot change them, since no key encoder of ptyctl follows it.
     */
    @ChunkedTest
    void keyModifierQueriesReportTheKeysAsXtermsDefaults(Chunking chunking) {
        assertThat(replies(chunking, CSI + "?4m")).as("modifyOtherKeys").isEqualTo(CSI + ">4;0m");
        assertThat(replies(chunking, CSI + "?0;1;2;3;4;5m")).as("every resource, in order")
            .isEqualTo(CSI + ">0;0m" + CSI + ">1;2m" + CSI + ">2;2m" + CSI + ">3;0m" + CSI + ">4;0m" + CSI + ">5;0m");
        assertThat(replies(chunking, CSI + ">4;2m" + CSI + ">1;3m" + CSI + ">2n" + CSI + "?4;1;2m"))
            .as("vim's modifyOtherKeys 2 and other settings change no key, so not the answer")
            .isEqualTo(CSI + ">4;0m" + CSI + ">1;2m" + CSI + ">2;2m");
        assertThat(replies(chunking, CSI + "?6;7m")).as("resources xterm 379 lacks: its DEFAULT, unsigned")
            .isEqualTo(CSI + ">6;65535m" + CSI + ">7;65535m");
        assertThat(replies(chunking, CSI + "?m" + CSI + "?;1m" + CSI + "?99999m")).as("empty and too large")
            .isEqualTo(CSI + ">65535;65535m" + CSI + ">65535;65535m" + CSI + ">1;2m" + CSI + ">65535;65535m");
    }

    /** XTSMGRAPHICS as xterm 379 set up as a VT520 (no sixel, no ReGIS) answers: graphics fail, unknown items too. */
    @ChunkedTest
    void graphicsAttributesSayThereAreNoGraphicsAsAVt520Xterm(Chunking chunking) {
        assertThat(replies(chunking, CSI + "?1;1;0S" + CSI + "?2;1;0S")).as("colour registers, sixel geometry")
            .isEqualTo(CSI + "?1;3S" + CSI + "?2;3S");
        assertThat(replies(chunking, CSI + "?1;2;0S" + CSI + "?1;3;256S" + CSI + "?1;4;0S" + CSI + "?2;4;0S"))
            .as("reset, set, read maximum").isEqualTo(CSI + "?1;3S" + CSI + "?1;3S" + CSI + "?1;3S" + CSI + "?2;3S");
        assertThat(replies(chunking, CSI + "?1;5;0S" + CSI + "?2;;0S")).as("an unknown action")
            .isEqualTo(CSI + "?1;2S" + CSI + "?2;2S");
        assertThat(replies(chunking, CSI + "?3;1;0S" + CSI + "?0;1;0S" + CSI + "?;1;0S")).as("ReGIS, unknown, empty")
            .isEqualTo(CSI + "?3;1S" + CSI + "?0;1S" + CSI + "?65535;1S");
        assertThat(replies(chunking, CSI + "?1;1S" + CSI + "?2;1;0;0S" + CSI + "?S")).as("not three parameters")
            .isEmpty();
    }

    /** XTREPORTCOLORS: the palette stack is empty, as a fresh xterm's, and stays so (ptyctl pushes no palettes). */
    @ChunkedTest
    void colourStackReportIsAnEmptyStack(Chunking chunking) {
        assertThat(replies(chunking, CSI + "#R" + CSI + "#P" + CSI + "#R")).isEqualTo(CSI + "?0;0#Q" + CSI + "?0;0#Q");
    }

    /** DECTABSR lists the tab stops on the screen, as xterm (which also lists one past an 80-column screen). */
    @ChunkedTest
    void tabStopReportListsTheStopsOnTheScreen(Chunking chunking) {
        String defaults = DCS + "2$u1/9/17/25/33/41/49/57/65/73" + ST;
        assertThat(replies(new Terminal(80, 5), chunking, CSI + "2$w")).isEqualTo(defaults);
        assertThat(replies(new Terminal(80, 5), chunking, CSI + "3g" + CSI + "4G" + ESC + "H" + CSI + "11G" + ESC + "H"
            + CSI + "2$w" + CSI + "3g" + CSI + "2$w")).as("set with HTS, then none")
            .isEqualTo(DCS + "2$u4/11" + ST + DCS + "2$u" + ST);
        assertThat(replies(new Terminal(300, 5), chunking, CSI + "2$w")).as("at most 26, as xterm")
            .isEqualTo(DCS + "2$u" + java.util.stream.IntStream.range(0, 26).mapToObj(i -> String.valueOf(8 * i + 1))
                .collect(java.util.stream.Collectors.joining("/")) + ST);
        Terminal t = new Terminal(80, 5);
        assertThat(replies(t, chunking, CSI + "1$w" + CSI + "$w" + CSI + "62\"p" + CSI + "2$w" + CSI + "65\"p"
            + CSI + "2$w"))
            .as("DECCIR and an empty request unanswered; below level 63 too").isEqualTo(defaults);
        assertThat(t.unknownSequenceCounts()).containsEntry("DECRQPSR 1", 1L).doesNotContainKey("DECRQPSR 2");
    }

    /** XTREPORTSGR: the rendition every cell of the rectangle shares, in DECRQSS's form, as xterm reports it. */
    @ChunkedTest
    void renditionReportGivesWhatEveryCellOfTheRectangleShares(Chunking chunking) {
        String screen = CSI + "1;31mab" + CSI + "0;1;4mc" + CSI + "0;4;58:5:9mde" + CSI + "0;21;58:5:9mf" + CSI + "m";
        assertThat(replies(chunking, screen + CSI + "1;1;1;2#|")).as("bold red a, b").isEqualTo(CSI + "0;1;31m");
        assertThat(replies(chunking, screen + CSI + "1;1;1;3#|")).as("and bold underlined c").isEqualTo(CSI + "0;1m");
        assertThat(replies(chunking, screen + CSI + "1;4;1;5#|")).as("underlined in colour 9")
            .isEqualTo(CSI + "0;4;58:5:9m");
        assertThat(replies(chunking, screen + CSI + "1;5;1;6#|")).as("the colour without a shared underline")
            .isEqualTo(CSI + "0m");
        assertThat(replies(chunking, screen + CSI + "#|" + CSI + "2;1;1;1#|")).as("whole screen; invalid")
            .isEqualTo(CSI + "0m" + CSI + "0m");
    }

    @ChunkedTest
    void keyModifierSettingsAreRecognisedAndChangeNothingOnScreen(Chunking chunking) {
        Terminal t = feed(new Terminal(10, 5), chunking, CSI + ">4;2m" + CSI + ">4m" + CSI + ">1n" + "a");
        assertThat(t.unknownSequenceCounts()).isEmpty();
        assertThat(t.rowText(0)).isEqualTo("a");
    }

    @ChunkedTest
    void unknownStatusReportsAreCountedWithoutReply(Chunking chunking) {
        Terminal t = new Terminal(10, 5);
        assertThat(replies(t, chunking, CSI + "?99n" + CSI + "7n")).isEmpty();
        assertThat(t.unknownSequenceCounts()).containsEntry("DECDSR 99", 1L).containsEntry("DSR 7", 1L);
    }

    @ChunkedTest
    void withoutASinkRepliesAreDiscarded(Chunking chunking) {
        Terminal t = feed(new Terminal(10, 5), chunking, CSI + "6nok");
        assertThat(t.rowText(0)).isEqualTo("ok");
    }

    @ChunkedTest
    void requestModeReportsAnsiModesAsXterm(Chunking chunking) {
        assertThat(replies(chunking, CSI + "4h" + CSI + "4$p" + CSI + "20$p" + CSI + "2$p" + CSI + "12$p"
            + CSI + "1$p" + CSI + "99$p"))
            .isEqualTo(CSI + "4;1$y" + CSI + "20;2$y" + CSI + "2;2$y" + CSI + "12;2$y" + CSI + "1;4$y" + CSI + "99;0$y");
    }

    @ChunkedTest
    void requestModeReportsDecModesAsXterm(Chunking chunking) {
        assertThat(replies(chunking, CSI + "?1h" + CSI + "?1$p" + CSI + "?7$p" + CSI + "?25$p" + CSI + "?1049h"
            + CSI + "?47$p" + CSI + "?1048$p" + CSI + "?1000$p" + CSI + "?8$p" + CSI + "?5$p" + CSI + "?2$p"
            + CSI + "?60$p" + CSI + "?9999$p"))
            .isEqualTo(CSI + "?1;1$y" + CSI + "?7;1$y" + CSI + "?25;1$y" + CSI + "?47;1$y" + CSI + "?1048;1$y"
                + CSI + "?1000;2$y" + CSI + "?8;4$y" + CSI + "?5;2$y" + CSI + "?2;1$y" + CSI + "?60;4$y"
                + CSI + "?9999;0$y");
    }

    /**
     * DECRQM recognises exactly the modes of {@link Mode}'s table, of the kind asked (DEC or ANSI), at every number
     * from below the first to past the last: what a program probing for a mode sees (0 = not recognised).
     */
    @Test
    void requestModeRecognisesExactlyTheModesOfTheTable() {
        for (boolean dec : new boolean[] {true, false}) {
            for (int number = 0; number <= 2100; number++) {
                boolean listed = false;
                for (Mode mode : Mode.values()) {
                    listed |= mode.dec() == dec && mode.number() == number;
                }
                String reply = replies(Chunking.WHOLE, CSI + (dec ? "?" : "") + number + "$p");
                assertThat(reply.endsWith(";0$y")).as("mode %s%d", dec ? "?" : "", number).isEqualTo(!listed);
            }
        }
    }

    @ChunkedTest
    void recordedModesAreSetResetAndReported(Chunking chunking) {
        assertThat(replies(chunking, CSI + "?42h" + CSI + "?42$p" + CSI + "?42l" + CSI + "?42$p" + CSI + "2h"
            + CSI + "2$p")).isEqualTo(CSI + "?42;1$y" + CSI + "?42;2$y" + CSI + "2;1$y");
    }

    @ChunkedTest
    void requestStatusStringReportsTheScrollRegionMarginsAndProtection(Chunking chunking) {
        assertThat(replies(chunking, CSI + "2;4r" + DCS + "$qr" + ST + CSI + "1\"q" + DCS + "$q\"q" + ST
            + CSI + "?69h" + CSI + "2;9s" + DCS + "$qs" + ST))
            .isEqualTo(DCS + "1$r2;4r" + ST + DCS + "1$r1\"q" + ST + DCS + "1$r2;9s" + ST);
    }

    @ChunkedTest
    void requestStatusStringReportsTheGraphicRenditionInXtermsForm(Chunking chunking) {
        assertThat(replies(chunking, DCS + "$qm" + ST)).isEqualTo(DCS + "1$r0m" + ST);
        assertThat(replies(chunking, CSI + "1;3;4;31;102m" + DCS + "$qm" + ST))
            .isEqualTo(DCS + "1$r0;1;4;3;31;102m" + ST);
        assertThat(replies(chunking, CSI + "21;38;5;200;48;2;1;2;3m" + DCS + "$qm" + ST))
            .isEqualTo(DCS + "1$r0;21;38:5:200;48:2::1:2:3m" + ST);
    }

    @ChunkedTest
    void requestStatusStringReportsTheCursorStyleLevelAndSizes(Chunking chunking) {
        assertThat(replies(chunking, DCS + "$q q" + ST)).isEqualTo(DCS + "1$r2 q" + ST);
        assertThat(replies(chunking, CSI + "4 q" + DCS + "$q q" + ST)).isEqualTo(DCS + "1$r4 q" + ST);
        assertThat(replies(chunking, CSI + "5 q" + DCS + "$q q" + ST)).isEqualTo(DCS + "1$r5 q" + ST);
        assertThat(replies(chunking, DCS + "$q\"p" + ST)).isEqualTo(DCS + "1$r65;1\"p" + ST);
        assertThat(replies(chunking, CSI + "62;1\"p" + DCS + "$q\"p" + ST)).isEqualTo(DCS + "1$r62;1\"p" + ST);
        assertThat(replies(chunking, DCS + "$qt" + ST + DCS + "$q*|" + ST + DCS + "$q$|" + ST))
            .isEqualTo(DCS + "1$r5t" + ST + DCS + "1$r5*|" + ST + DCS + "1$r10$|" + ST);
        assertThat(replies(chunking, CSI + "2*x" + DCS + "$q*x" + ST + DCS + "$q$}" + ST + DCS + "$q$~" + ST))
            .isEqualTo(DCS + "1$r2*x" + ST + DCS + "1$r0$}" + ST + DCS + "1$r0$~" + ST);
    }

    @ChunkedTest
    void requestStatusStringForAnUnknownSettingSaysInvalid(Chunking chunking) {
        assertThat(replies(chunking, DCS + "$qx" + ST)).isEqualTo(DCS + "0$r" + ST);
    }

    @ChunkedTest
    void aCancelledStatusRequestGetsNoReply(Chunking chunking) {
        assertThat(replies(chunking, DCS + "$qm\u0018")).isEmpty();
    }

    @ChunkedTest
    void windowReportsGiveTheSizeInCharactersAndNominalPixels(Chunking chunking) {
        assertThat(replies(chunking, CSI + "18t")).isEqualTo(CSI + "8;5;10t");
        assertThat(replies(chunking, CSI + "19t")).isEqualTo(CSI + "9;5;10t");
        assertThat(replies(chunking, CSI + "14t")).isEqualTo(CSI + "4;100;100t");
        assertThat(replies(chunking, CSI + "15t")).isEqualTo(CSI + "5;100;100t");
        assertThat(replies(chunking, CSI + "16t")).isEqualTo(CSI + "6;20;10t");
        assertThat(replies(chunking, CSI + "13t")).isEqualTo(CSI + "3;0;0t");
        assertThat(replies(chunking, CSI + "11t" + CSI + "2t" + CSI + "11t" + CSI + "1t" + CSI + "11t"))
            .isEqualTo(CSI + "1t" + CSI + "2t" + CSI + "1t");
    }

    @ChunkedTest
    void titleReportsAreAnsweredOnlyWhenAllowed(Chunking chunking) {
        Terminal t = new Terminal(10, 5);
        assertThat(replies(t, chunking, OSC + "1;icon\u0007" + OSC + "2;title\u0007" + CSI + "21t" + CSI + "20t"))
            .isEmpty();
        assertThat(t.unknownSequenceCounts()).containsKey("CSI t 21 (title reports not allowed)");
        t.allowTitleReports(true);
        assertThat(replies(t, chunking, CSI + "21t" + CSI + "20t"))
            .isEqualTo(OSC + "ltitle" + ST + OSC + "Licon" + ST);
    }

    @ChunkedTest
    void titleReportsGiveTheTitleAsSetInXtermsTitleModes(Chunking chunking) {
        Terminal t = new Terminal(10, 5);
        t.allowTitleReports(true);
        assertThat(replies(t, chunking, CSI + "21t" + CSI + "20t")).as("never set: empty")
            .isEqualTo(OSC + "l" + ST + OSC + "L" + ST);
        assertThat(replies(t, chunking, OSC + "0;caf\u00e9 \u4e2d\u0007" + CSI + "21t" + CSI + "20t"))
            .as("OSC 0 sets both; UTF-8 as UTF-8")
            .isEqualTo(OSC + "lcaf\u00e9 \u4e2d" + ST + OSC + "Lcaf\u00e9 \u4e2d" + ST);
        assertThat(replies(t, chunking, OSC + "1;icon" + ST + CSI + "20t" + CSI + "21t"))
            .as("OSC 1 the icon label only").isEqualTo(OSC + "Licon" + ST + OSC + "lcaf\u00e9 \u4e2d" + ST);
        assertThat(replies(t, chunking, CSI + ">1t" + CSI + "21t" + CSI + ">1T" + CSI + "21t"))
            .as("XTSMTITLE 1: reported as hex of the UTF-8 bytes, until XTRMTITLE 1")
            .isEqualTo(OSC + "l636166C3A920E4B8AD" + ST + OSC + "lcaf\u00e9 \u4e2d" + ST);
        assertThat(replies(t, chunking, CSI + ">0t" + OSC + "2;414243" + ST + CSI + ">0T" + CSI + "21t"))
            .as("XTSMTITLE 0: set as hex").isEqualTo(OSC + "lABC" + ST);
        assertThat(replies(t, chunking, CSI + "22;2t" + OSC + "2;other" + ST + CSI + "23;2t" + CSI + "21t"))
            .as("the title stack").isEqualTo(OSC + "lABC" + ST);
    }

    @ChunkedTest
    void titleModeControlsWithoutAParameterChangeNothingAsInXterm(Chunking chunking) {
        // xterm skips an omitted (DEFAULT) parameter of XTSMTITLE / XTRMTITLE; "414243" is "ABC" in hex.
        Terminal t = new Terminal(10, 5);
        t.allowTitleReports(true);
        assertThat(replies(t, chunking, CSI + ">t" + OSC + "2;414243" + ST + CSI + "21t"))
            .as("CSI > t does not turn on mode 0: the title is set as sent").isEqualTo(OSC + "l414243" + ST);
        assertThat(replies(t, chunking, CSI + ">0t" + CSI + ">T" + OSC + "2;414243" + ST + CSI + "21t"))
            .as("CSI > T does not turn off mode 0: still set hex-encoded").isEqualTo(OSC + "lABC" + ST);
        assertThat(replies(t, chunking, CSI + ">0T" + CSI + ">;1t" + OSC + "2;414243" + ST + CSI + "21t"))
            .as("CSI > ; 1 t turns on mode 1 only: set as sent, reported hex-encoded")
            .isEqualTo(OSC + "l343134323433" + ST);
        assertThat(replies(t, chunking, CSI + ">T" + CSI + "21t" + CSI + ">;1T" + CSI + "21t"))
            .as("CSI > T leaves mode 1 on; CSI > ; 1 T turns it off")
            .isEqualTo(OSC + "l343134323433" + ST + OSC + "l414243" + ST);
    }

    @ChunkedTest
    void titleReportsGoToTheirOwnSinkWhenOneIsSet(Chunking chunking) {
        Terminal t = new Terminal(10, 5);
        t.allowTitleReports(true);
        ByteArrayOutputStream titles = new ByteArrayOutputStream();
        t.onTitleReport(titles::writeBytes);
        assertThat(replies(t, chunking, OSC + "2;title" + ST + CSI + "21t" + CSI + "5n" + CSI + "20t"))
            .isEqualTo(CSI + "0n");
        assertThat(titles.toString(StandardCharsets.UTF_8)).isEqualTo(OSC + "ltitle" + ST + OSC + "L" + ST);
        t.onTitleReport(null);
        assertThat(replies(t, chunking, CSI + "21t")).as("null: with the other replies again")
            .isEqualTo(OSC + "ltitle" + ST);
    }

    @ChunkedTest
    void rectangleChecksumSumsTheCodePointsAsXtermWithChecksumExtension23(Chunking chunking) {
        assertThat(replies(chunking, "AB" + CSI + "1;1;1;1;1;1*y")).isEqualTo(DCS + "1!~0041" + ST);
        assertThat(replies(chunking, "AB" + CSI + "7;1;1;1;1;3*y")).as("a blank counts as a space")
            .isEqualTo(DCS + "7!~00A3" + ST);
        assertThat(replies(chunking, "\u4e00" + CSI + "2;1;1;1;1;2*y")).as("a wide character counts once")
            .isEqualTo(DCS + "2!~4E00" + ST);
        assertThat(replies(chunking, "e\u0301" + CSI + "3;1;1;1;1;1*y")).as("combining marks count")
            .isEqualTo(DCS + "3!~0366" + ST);
    }

    @ChunkedTest
    void termcapQueriesAnswerFromOurXterm256colorEntryHexEncoded(Chunking chunking) {
        // "Co" = 436F, "TN" = 544E, "kcuu1" = 6B63757531, "xx" = 7878
        assertThat(replies(chunking, DCS + "+q436F" + ST)).isEqualTo(DCS + "1+r436F=323536" + ST);
        assertThat(replies(chunking, DCS + "+q544E;6B63757531" + ST))
            .isEqualTo(DCS + "1+r544E=787465726D2D323536636F6C6F72;6B63757531=1B4F41" + ST);
        assertThat(replies(chunking, DCS + "+q7878" + ST)).isEqualTo(DCS + "0+r7878" + ST);
    }

    @ChunkedTest
    void theKittyKeyboardQueryIsNotAnsweredSoTheDeviceAttributesAfterItAre(Chunking chunking) {
        // fish and nushell send CSI ? u then DA1: no kitty keyboard protocol here, so only DA1 answers
        assertThat(replies(chunking, CSI + "?u" + CSI + "c")).isEqualTo(CSI + "?65;1;2;6;9;15;16;17;18;21;22;28;29c");
    }

    @ChunkedTest
    void paletteSpecialAndDynamicColoursAreSetReportedAndReset(Chunking chunking) {
        assertThat(replies(chunking, OSC + "5;0;#aabbcc\u0007" + OSC + "5;0;?\u0007" + OSC + "4;256;?\u0007"
            + OSC + "105;0\u0007" + OSC + "5;0;?\u0007"))
            .isEqualTo(OSC + "5;0;rgb:aaaa/bbbb/cccc" + ST + OSC + "4;256;rgb:aaaa/bbbb/cccc" + ST
                + OSC + "5;0;rgb:ffff/ffff/ffff" + ST);
        assertThat(replies(chunking, OSC + "17;#102030\u0007" + OSC + "17;?\u0007" + OSC + "117\u0007" + OSC + "17;?\u0007"))
            .isEqualTo(OSC + "17;rgb:1010/2020/3030" + ST + OSC + "17;rgb:ffff/ffff/ffff" + ST);
    }

    @ChunkedTest
    void colourQueriesAnswerInXtermsRgbFormWithTheWebPagesTheme(Chunking chunking) {
        assertThat(replies(chunking, OSC + "4;1;?\u0007")).isEqualTo(OSC + "4;1;rgb:cccc/0000/0000" + ST);
        assertThat(replies(chunking, OSC + "10;?\u0007")).isEqualTo(OSC + "10;rgb:ffff/ffff/ffff" + ST);
        assertThat(replies(chunking, OSC + "11;?\u0007")).isEqualTo(OSC + "11;rgb:0000/0000/0000" + ST);
        assertThat(replies(chunking, OSC + "12;?\u0007")).isEqualTo(OSC + "12;rgb:ffff/ffff/ffff" + ST);
    }
}
