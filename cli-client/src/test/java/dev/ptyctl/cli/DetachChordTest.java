package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DetachChordTest {
    private static final byte CTRL_BACKSLASH = 0x1c;

    private static DetachChord.Step feed(DetachChord chord, byte... bytes) {
        return chord.feed(bytes, bytes.length);
    }

    @Test
    void theDefaultIsCtrlBackslashThenD() {
        DetachChord chord = DetachChord.parse(DetachChord.DEFAULT);

        DetachChord.Step step = feed(chord, (byte) 'l', (byte) 's', CTRL_BACKSLASH, (byte) 'd', (byte) 'x');

        assertThat(step.forward()).containsExactly('l', 's');
        assertThat(step.detach()).isTrue();
    }

    @Test
    void aChordSplitOverTwoReadsIsStillSeen() {
        DetachChord chord = DetachChord.parse("ctrl-\\,d");

        DetachChord.Step first = feed(chord, (byte) 'a', CTRL_BACKSLASH);
        DetachChord.Step second = feed(chord, (byte) 'd');

        assertThat(first.forward()).containsExactly('a');
        assertThat(first.detach()).isFalse();
        assertThat(second.forward()).isEmpty();
        assertThat(second.detach()).isTrue();
    }

    @Test
    void thePrefixTwiceSendsOnePrefixAndThePrefixBeforeAnotherKeySendsBoth() {
        DetachChord chord = DetachChord.parse("ctrl-\\,d");

        assertThat(feed(chord, CTRL_BACKSLASH, CTRL_BACKSLASH).forward()).containsExactly(CTRL_BACKSLASH);
        DetachChord.Step other = feed(chord, CTRL_BACKSLASH, (byte) 'x', (byte) 'd');

        assertThat(other.forward()).containsExactly(CTRL_BACKSLASH, 'x', 'd');
        assertThat(other.detach()).isFalse();
    }

    @Test
    void otherChordsParse() {
        DetachChord ctrlA = DetachChord.parse("ctrl-a,q");
        assertThat(feed(ctrlA, (byte) 1, (byte) 'q').detach()).isTrue();
        DetachChord ctrlBracket = DetachChord.parse("Ctrl-],ctrl-c");
        assertThat(feed(ctrlBracket, (byte) 0x1d, (byte) 3).detach()).isTrue();
        DetachChord plain = DetachChord.parse("~,.");
        assertThat(feed(plain, "~.".getBytes(StandardCharsets.US_ASCII)).detach()).isTrue();
    }

    @Test
    void ctrlIsAlsoWrittenWithAPlusAsKeyNamesAreElsewhere() {
        DetachChord ctrlA = DetachChord.parse("Ctrl+A,Ctrl+Q");
        assertThat(feed(ctrlA, (byte) 1, (byte) 0x11).detach()).isTrue();
        assertThat(DetachChord.DEFAULT).isEqualTo("Ctrl+\\,d");
    }

    @Test
    void badChordsAreUsageErrorsNamingTheSpec() {
        assertThatThrownBy(() -> DetachChord.parse("d")).isInstanceOf(UsageException.class)
                .hasMessage("--detach-keys must be PREFIX,KEY like Ctrl+\\,d, got \"d\"");
        assertThatThrownBy(() -> DetachChord.parse("ctrl-\\,")).hasMessageContaining("must be PREFIX,KEY");
        assertThatThrownBy(() -> DetachChord.parse("ctrl-7,d"))
                .hasMessage("--detach-keys: \"ctrl-7\" is not a key (use Ctrl+X or one character) in \"ctrl-7,d\"");
        assertThatThrownBy(() -> DetachChord.parse("alt-x,d")).hasMessageContaining("\"alt-x\" is not a key");
        assertThatThrownBy(() -> DetachChord.parse("q,q")).hasMessage("--detach-keys needs two different keys");
    }
}
