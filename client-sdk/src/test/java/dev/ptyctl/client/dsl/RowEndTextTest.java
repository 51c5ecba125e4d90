package dev.ptyctl.client.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Cursor;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.TerminalSize;
import org.junit.jupiter.api.Test;

/** {@link RowEndText}: text that ends in spaces is found where the screen's rows end, their trailing spaces gone. */
class RowEndTextTest {

    @Test
    void spacesEndingTheTextMayBeTheEndOfARow() {
        assertThat(RowEndText.in("Python 3.12\n>>>\n", ">>> ")).as("the prompt with the cursor after it").isTrue();
        assertThat(RowEndText.in(">>> print(1)\n", ">>> ")).as("the spaces themselves").isTrue();
        assertThat(RowEndText.in(">>>x\n", ">>> ")).as("neither a space nor a row end").isFalse();
        assertThat(RowEndText.in("Password:\n", "Password: ")).isTrue();
        assertThat(RowEndText.in("$ ls\n", "$  ")).as("two spaces asked, one there mid-row").isFalse();
    }

    @Test
    void spacesBeforeALineBreakAreTheRowsStrippedEnd() {
        assertThat(RowEndText.in("42\n>>>\n", "42  \n>>> ")).isTrue();
        assertThat(RowEndText.in("42x\n>>>\n", "42  \n>>>")).isFalse();
    }

    @Test
    void textWithoutSpacesAtALineEndIsMatchedAsItIs() {
        assertThat(RowEndText.pattern("a b\nc")).isEmpty();
        assertThat(RowEndText.in("a.b\n", "a.b")).isTrue();
        assertThat(RowEndText.in("axb\n", "a.b")).as("no pattern: a dot is a dot").isFalse();
        assertThat(RowEndText.in("a.b\n", "a.b ")).isTrue();
        assertThat(RowEndText.in("axb\n", "a.b ")).as("quoted in the pattern too").isFalse();
    }

    @Test
    void theLastOfATextIsWhereItsLowestOccurrenceStarts() {
        var prompt = RowEndText.lastFinder(">>> ");
        assertThat(prompt.applyAsInt(">>> 1+1\n2\n>>>\n")).as("the prompt the cursor is after").isEqualTo(10);
        assertThat(prompt.applyAsInt("2\n")).isEqualTo(-1);
        var literal = RowEndText.lastFinder("a.b");
        assertThat(literal.applyAsInt("a.b a.b\naxb\n")).as("a dot is a dot").isEqualTo(4);
        assertThat(literal.applyAsInt("axb\n")).isEqualTo(-1);
    }

    @Test
    void screenAssertionsReadTextAsWaitsDo() {
        ScreenAssert repl = new ScreenAssert(new Screen("Python 3.12\n>>>\n", new Cursor(2, 5), new TerminalSize(40, 3)),
                null);
        repl.contains(">>> ").contains("3.12\n>>> ").doesNotContain(">>>  x");
    }
}
