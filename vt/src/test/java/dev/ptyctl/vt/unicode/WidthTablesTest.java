package dev.ptyctl.vt.unicode;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The lookup tables of planes 0 and 1 ({@link UnicodeWidth}) and the printing loop's tables per encoded length
 * ({@link Utf8Widths}) hold, for every code point, the width the range tables give: the tables are built by filling
 * ranges with copies, so an edge of a range or of a copy landing one entry off would change some character's width.
 */
class WidthTablesTest {

    @Test
    void everyCodePointOfPlanesZeroAndOneHasTheRangeTablesWidth() {
        for (int cp = 0; cp < 0x20000; cp++) {
            assertThat(UnicodeWidth.of(cp)).as("U+%04X", cp).isEqualTo(widthFromRanges(cp));
        }
    }

    @Test
    void theTwoByteTableStopsAtOverlongFormsAndC1ControlsAndElseGivesTheWidth() {
        for (int cp = 0; cp < 0x800; cp++) {
            int expected = cp < 0xA0 ? Utf8Widths.STOP : widthFromRanges(cp);
            assertThat(Utf8Widths.twoBytes(cp)).as("U+%04X", cp).isEqualTo(expected);
        }
    }

    @Test
    void theThreeByteTableStopsAtOverlongFormsSurrogatesAndTheByteOrderMarkAndElseGivesTheWidth() {
        for (int cp = 0; cp < 0x10000; cp++) {
            boolean refused = cp < 0x800 || cp >= 0xD800 && cp <= 0xDFFF || cp == 0xFEFF;
            int expected = refused ? Utf8Widths.STOP : widthFromRanges(cp);
            assertThat(Utf8Widths.threeBytes(cp)).as("U+%04X", cp).isEqualTo(expected);
        }
    }

    @Test
    void planeOneComesFromItsTable() {
        for (int cp = 0x10000; cp < 0x20000; cp++) {
            assertThat(Utf8Widths.planeOne(cp)).as("U+%04X", cp).isEqualTo(widthFromRanges(cp));
        }
    }

    /** The width by a plain scan of the range tables: wide over zero-width over the controls over 1. */
    private static int widthFromRanges(int cp) {
        if (inRanges(cp, UnicodeWidthTables.WIDE)) {
            return 2;
        }
        if (cp < 0x20 || cp >= 0x7F && cp < 0xA0 || inRanges(cp, UnicodeWidthTables.ZERO_WIDTH)) {
            return 0;
        }
        return 1;
    }

    private static boolean inRanges(int cp, int[] ranges) {
        for (int i = 0; i < ranges.length; i += 2) {
            if (cp >= ranges[i] && cp <= ranges[i + 1]) {
                return true;
            }
        }
        return false;
    }
}
