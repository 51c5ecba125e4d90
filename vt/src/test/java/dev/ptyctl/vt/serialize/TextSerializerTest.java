package dev.ptyctl.vt.serialize;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.terminal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.fixtures.ChunkedTest;
import dev.ptyctl.vt.fixtures.Chunking;
import org.junit.jupiter.api.Test;

class TextSerializerTest {

    @Test
    void aBlankScreenIsTheEmptyString() {
        assertThat(TextSerializer.screen(new Terminal(10, 5))).isEmpty();
        assertThat(TextSerializer.withScrollback(new Terminal(10, 5))).isEmpty();
    }

    @ChunkedTest
    void everyRowEndsWithANewlineAndTrailingBlankRowsAreDropped(Chunking chunking) {
        Terminal t = terminal(10, 5, chunking, "one\r\n\r\nthree");
        assertThat(TextSerializer.screen(t)).isEqualTo("one\n\nthree\n");
    }

    @ChunkedTest
    void trailingSpacesAreRemovedButInnerOnesKept(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "a  b   " + CSI + "2;5Hc");
        assertThat(TextSerializer.screen(t)).isEqualTo("a  b\n    c\n");
    }

    @ChunkedTest
    void wideCharactersAppearOnce(Chunking chunking) {
        assertThat(TextSerializer.screen(terminal(10, 2, chunking, "世界!"))).isEqualTo("世界!\n");
    }

    @ChunkedTest
    void softWrappedRowsAreStillSeparateRows(Chunking chunking) {
        assertThat(TextSerializer.screen(terminal(4, 3, chunking, "abcdef"))).isEqualTo("abcd\nef\n");
    }

    @ChunkedTest
    void unwrappedJoinsSoftWrappedRowsAndKeepsAHardLineBreak(Chunking chunking) {
        // A space in the last column stays between the words it separates; "x" starts a line of its own.
        Terminal t = terminal(4, 4, chunking, "abc defgh\r\nx  ");
        assertThat(TextSerializer.screen(t)).isEqualTo("abc\ndefg\nh\nx\n");
        assertThat(TextSerializer.unwrapped(t, false)).isEqualTo("abc defgh\nx\n");
    }

    @ChunkedTest
    void unwrappedJoinsAcrossTheScrollbackIntoTheScreen(Chunking chunking) {
        Terminal t = terminal(4, 2, chunking, "1\r\nabcdefghij");
        assertThat(TextSerializer.unwrapped(t, true)).isEqualTo("1\nabcdefghij\n");
        assertThat(TextSerializer.unwrapped(t, false)).as("the screen alone starts mid-line").isEqualTo("efghij\n");
    }

    @ChunkedTest
    void theScreenAfterScrollbackCountsRowsOrJoinedLines(Chunking chunking) {
        // scrollback 1, 2, abcd; screen efgh, ij
        Terminal t = terminal(4, 2, chunking, "1\r\n2\r\nabcdefghij");
        assertThat(TextSerializer.screenAfterScrollback(t, 0, false)).isEqualTo(TextSerializer.screen(t));
        assertThat(TextSerializer.screenAfterScrollback(t, 1, false)).isEqualTo("abcd\nefgh\nij\n");
        assertThat(TextSerializer.screenAfterScrollback(t, 99, false)).isEqualTo(TextSerializer.withScrollback(t));
        assertThat(TextSerializer.screenAfterScrollback(t, 0, true)).isEqualTo("efghij\n");
        assertThat(TextSerializer.screenAfterScrollback(t, 1, true)).as("the wrapped line whole, one line above it")
                .isEqualTo("2\nabcdefghij\n");
        assertThat(TextSerializer.screenAfterScrollback(t, 99, true)).isEqualTo(TextSerializer.unwrapped(t, true));
    }

    @ChunkedTest
    void unwrappedLinesKeepTheBlankRowsAtTheEndSoASelectionCanCountThem(Chunking chunking) {
        // pty/read's joined selections count these lines as the rows are counted, blank ones at the end included
        Terminal t = terminal(4, 5, chunking, "abcdefgh\r\nx");
        assertThat(TextSerializer.unwrappedLines(t, false)).containsExactly("abcdefgh", "x", "", "");
        assertThat(TextSerializer.text(TextSerializer.unwrappedLines(t, false))).isEqualTo("abcdefgh\nx\n");
        assertThat(TextSerializer.text(TextSerializer.unwrappedLines(t, false).subList(2, 4))).isEmpty();
    }

    @ChunkedTest
    void theAlternateScreenDoesNotContinueTheScrollback(Chunking chunking) {
        // The alternate screen scrolled: its first row continues a row that is gone, not the main scrollback ("abcd"
        // scrolled off the main screen; "efgh", its continuation, is on the main screen, hidden).
        Terminal t = terminal(4, 2, chunking, "abcdefgh\r\n" + CSI + "?1049h" + CSI + "Hwxyz12345678");
        assertThat(TextSerializer.unwrapped(t, true)).isEqualTo("abcd\n12345678\n");
    }

    @ChunkedTest
    void withoutAWrappedRowTheUnwrappedTextIsTheRowsAndIsNotBuiltAgain(Chunking chunking) {
        Terminal t = terminal(4, 2, chunking, "ab\r\ncd\r\nef  ");
        assertThat(TextSerializer.unwrappedIfWrapped(t, true)).isEmpty();
        assertThat(TextSerializer.unwrapped(t, true)).isEqualTo(TextSerializer.withScrollback(t))
                .isEqualTo("ab\ncd\nef\n");
        assertThat(TextSerializer.unwrapped(t, false)).isEqualTo(TextSerializer.screen(t)).isEqualTo("cd\nef\n");
        // Only the alternate screen's first row goes on from a row ("wxyz", scrolled off): not from the main
        // scrollback's last line.
        Terminal alternate = terminal(4, 2, chunking, "abcdefgh\r\n" + CSI + "?1049h" + CSI + "Hwxyz1234\r\n");
        assertThat(TextSerializer.withScrollback(alternate)).isEqualTo("abcd\n1234\n");
        assertThat(TextSerializer.unwrappedIfWrapped(alternate, true)).isEmpty();
        assertThat(TextSerializer.unwrappedIfWrapped(terminal(4, 2, chunking, "abcdef"), false)).contains("abcdef\n");
    }

    @ChunkedTest
    void rowRangesApplyTheSameRules(Chunking chunking) {
        Terminal t = terminal(10, 5, chunking, "a\r\nb\r\n\r\nd");
        assertThat(TextSerializer.screenRows(t, 1, 3)).isEqualTo("b\n");
        assertThat(TextSerializer.screenRows(t, 2, 3)).isEmpty();
        assertThat(TextSerializer.screenRows(t, 3, 99)).isEqualTo("d\n");
        assertThat(TextSerializer.screenRows(t, -5, 1)).isEqualTo("a\n");
        assertThat(TextSerializer.screenRows(t, 4, 2)).isEmpty();
    }

    @ChunkedTest
    void scrollbackComesBeforeTheScreen(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "1\r\n2\r\n3\r\n");
        assertThat(TextSerializer.withScrollback(t)).isEqualTo("1\n2\n3\n");
        assertThat(TextSerializer.screen(t)).isEqualTo("3\n");
    }

    @ChunkedTest
    void theAlternateScreenIsShownWithTheMainScrollback(Chunking chunking) {
        Terminal t = terminal(10, 2, chunking, "1\r\n2\r\n3" + CSI + "?1049h" + CSI + "Halt");
        assertThat(TextSerializer.withScrollback(t)).isEqualTo("1\nalt\n");
    }
}
