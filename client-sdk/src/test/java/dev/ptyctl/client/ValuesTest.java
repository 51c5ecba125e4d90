package dev.ptyctl.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void aPasteIsItsOwnKindOfAction() {
        assertThat(Action.writeParams(java.util.List.of(Action.paste("a\nb"))).toString())
                .isEqualTo("{\"action\":{\"paste\":\"a\\nb\"}}");
    }

    @Test
    void ctrlWithALetterNamesTheUpperCaseLetter() {
        assertThat(Key.ctrl('c')).isEqualTo("Ctrl+C");
        assertThat(Key.ctrl('Z')).isEqualTo("Ctrl+Z");
        assertThat(Key.ctrl(' ')).isEqualTo("Ctrl+Space");
        assertThat(Key.ctrl('\\')).isEqualTo("Ctrl+\\");
    }

    @Test
    void ctrlWithACharacterWithoutAControlCodeIsRejected() {
        assertThatThrownBy(() -> Key.ctrl('1')).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Key.shift('1')).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void modifiersWrapNamedKeysAndCombine() {
        assertThat(Key.ctrl(Key.alt(Key.DELETE))).isEqualTo("Ctrl+Alt+Delete");
        assertThat(Key.shift('a')).isEqualTo("Shift+A");
        assertThat(Key.alt(Key.ENTER)).isEqualTo("Alt+Enter");
    }

    @Test
    void regexWithoutMatchIsRejected() {
        assertThatThrownBy(() -> WaitRequest.builder().regex(true).build())
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void newBuilderDerivesAVariantWithoutChangingTheOriginal() {
        WaitRequest prompt = WaitRequest.builder().match("$ ").timeout(Duration.ofSeconds(2)).build();

        WaitRequest settled = prompt.newBuilder().idle(Duration.ofMillis(100)).build();

        assertThat(prompt.idle()).isEmpty();
        assertThat(settled.idle()).contains(Duration.ofMillis(100));
        assertThat(settled.match()).contains("$ ");
    }

    @Test
    void hostPortParsesPlainAndBracketedHosts() {
        assertThat(RpcAddress.parseHostPort("127.0.0.1:5174")).isEqualTo(RpcAddress.tcp("127.0.0.1", 5174));
        assertThat(RpcAddress.parseHostPort("[::1]:5174")).isEqualTo(RpcAddress.tcp("::1", 5174));
        assertThat(RpcAddress.tcp("::1", 5174)).hasToString("[::1]:5174");
        assertThat(RpcAddress.unix(Path.of("/tmp/t.sock"))).hasToString("/tmp/t.sock");
    }

    @Test
    void hostPortWithoutAValidPortIsRejected() {
        assertThatThrownBy(() -> RpcAddress.parseHostPort("localhost")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RpcAddress.parseHostPort("localhost:x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RpcAddress.parseHostPort("localhost:0")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RpcAddress.parseHostPort(":80")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void blankScreenHasNoLines() {
        Screen blank = new Screen("", new Cursor(1, 1), new TerminalSize(80, 24));

        assertThat(blank.lines()).isEmpty();
    }
}
