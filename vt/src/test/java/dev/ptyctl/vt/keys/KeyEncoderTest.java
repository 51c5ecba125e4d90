package dev.ptyctl.vt.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KeyEncoderTest {

    /**
     * Key bytes written with ESC as {@code \e} and other control bytes in caret notation ({@code ^M} is CR,
     * {@code ^?} is DEL), so the expectations read like the SPEC table.
     */
    private static String encoded(String key, boolean applicationCursorKeys) {
        StringBuilder out = new StringBuilder();
        for (byte b : KeyEncoder.encode(key, applicationCursorKeys)) {
            if (b == 0x1b) {
                out.append("\\e");
            } else if (b == 0x7f) {
                out.append("^?");
            } else if (b >= 0 && b < 0x20) {
                out.append('^').append((char) (b + '@'));
            } else {
                out.append((char) (b & 0xff));
            }
        }
        return out.toString();
    }

    private static String encoded(String key) {
        return encoded(key, false);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "Enter|^M", "Tab|^I", "Shift+Tab|\\e[Z", "Backspace|^?", "Escape|\\e", "Space|' '",
        "ArrowUp|\\e[A", "ArrowDown|\\e[B", "ArrowRight|\\e[C", "ArrowLeft|\\e[D", "Home|\\e[H", "End|\\e[F",
        "Insert|\\e[2~", "Delete|\\e[3~", "PageUp|\\e[5~", "PageDown|\\e[6~",
        "F1|\\eOP", "F2|\\eOQ", "F3|\\eOR", "F4|\\eOS",
        "F5|\\e[15~", "F6|\\e[17~", "F7|\\e[18~", "F8|\\e[19~", "F9|\\e[20~", "F10|\\e[21~", "F11|\\e[23~",
        "F12|\\e[24~",
    })
    void everyRowOfTheKeyTableEncodesAsXtermDoes(String key, String expected) {
        assertThat(encoded(key)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "ArrowUp|\\eOA", "ArrowDown|\\eOB", "ArrowRight|\\eOC", "ArrowLeft|\\eOD", "Home|\\eOH", "End|\\eOF",
        "Insert|\\e[2~", "PageUp|\\e[5~", "F1|\\eOP", "F5|\\e[15~",
    })
    void applicationCursorModeChangesOnlyArrowsHomeAndEnd(String key, String expected) {
        assertThat(encoded(key, true)).isEqualTo(expected);
    }

    @Test
    void ctrlLettersAreTheControlCharactersOneToTwentySix() {
        for (char c = 'A'; c <= 'Z'; c++) {
            byte expected = (byte) (c - 'A' + 1);
            assertThat(KeyEncoder.encode("Ctrl+" + c, false)).as("Ctrl+" + c).containsExactly(expected);
            assertThat(KeyEncoder.encode("Ctrl+" + Character.toLowerCase(c), false)).containsExactly(expected);
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "Ctrl+Space|0", "Ctrl+@|0", "Ctrl+[|27", "Ctrl+\\|28", "Ctrl+]|29", "Ctrl+^|30", "Ctrl+_|31",
        "Ctrl+Enter|13", "Ctrl+Backspace|8",
    })
    void ctrlSymbolsAndSpecialKeysAreSingleControlBytes(String key, int expected) {
        assertThat(KeyEncoder.encode(key, false)).containsExactly((byte) expected);
    }

    /**
     * Ctrl with every printable character that is not a letter, as xterm 379 sent it (measured under Xvfb with
     * xdotool, default resources): the page's key bar sends the same, and KeyEncoder refused all but @ [ \ ] ^ _
     * (Ctrl+2 and Ctrl+/, tmux's and emacs's keys, were "Unknown key").
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "Ctrl+`|0", "Ctrl+1|49", "Ctrl+2|0", "Ctrl+3|27", "Ctrl+4|28", "Ctrl+5|29", "Ctrl+6|30", "Ctrl+7|31",
        "Ctrl+8|127", "Ctrl+9|57", "Ctrl+0|48", "Ctrl+-|45", "Ctrl+=|61", "Ctrl+;|59", "Ctrl+,|44",
        "Ctrl+.|46", "Ctrl+/|31", "Ctrl+~|30", "Ctrl+!|33", "Ctrl+#|35", "Ctrl+$|36", "Ctrl+%|37", "Ctrl+&|38",
        "Ctrl+*|42", "Ctrl+(|40", "Ctrl+)|41", "Ctrl++|43", "Ctrl+{|27", "Ctrl+}|29", "Ctrl+:|58",
        "Ctrl+<|60", "Ctrl+>|62", "Ctrl+?|127",
    })
    void ctrlWithADigitOrASymbolSendsWhatXtermSends(String key, int expected) {
        assertThat(KeyEncoder.encode(key, false)).containsExactly((byte) expected);
    }

    @Test
    void ctrlWithTheCharactersTheTableAboveCannotHoldAndWithAlt() {
        assertThat(encoded("Ctrl+|")).isEqualTo("^\\");
        assertThat(encoded("Ctrl+'")).isEqualTo("'");
        assertThat(encoded("Ctrl+\"")).isEqualTo("\"");
        assertThat(encoded("Ctrl+Alt+2")).isEqualTo("\\e^@");
    }

    @Test
    void shiftLetterIsTheUpperCaseLetterInEitherCase() {
        assertThat(encoded("Shift+a")).isEqualTo("A");
        assertThat(encoded("Shift+A")).isEqualTo("A");
        assertThat(encoded("Shift+z")).isEqualTo("Z");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "Alt+a|\\ea", "Alt+A|\\ea", "Alt+Shift+a|\\eA", "Alt+Enter|\\e^M", "Alt+Ctrl+C|\\e^C",
        "Alt+Backspace|\\e^?", "Alt+Escape|\\e\\e", "Alt+Tab|\\e^I", "Alt+Shift+Tab|\\e\\e[Z",
        "Alt+.|\\e.", "Alt+1|\\e1", "Alt++|\\e+", "Ctrl+Alt+[|\\e\\e",
    })
    void altPrefixesEscapeToTheKeysBytes(String key, String expected) {
        assertThat(encoded(key)).isEqualTo(expected);
    }

    @Test
    void altSpaceIsEscapeSpace() {
        assertThat(encoded("Alt+Space")).isEqualTo("\\e ");
        assertThat(encoded("Ctrl+Alt+Space")).isEqualTo("\\e^@");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "Shift+ArrowUp|\\e[1;2A", "Alt+ArrowDown|\\e[1;3B", "Shift+Alt+ArrowRight|\\e[1;4C",
        "Ctrl+ArrowUp|\\e[1;5A", "Ctrl+Shift+ArrowLeft|\\e[1;6D", "Ctrl+Alt+Home|\\e[1;7H",
        "Ctrl+Alt+Shift+End|\\e[1;8F",
        "Shift+Insert|\\e[2;2~", "Ctrl+Delete|\\e[3;5~", "Ctrl+Alt+Delete|\\e[3;7~", "Shift+PageUp|\\e[5;2~",
        "Ctrl+PageDown|\\e[6;5~",
        "Shift+F1|\\e[1;2P", "Ctrl+F2|\\e[1;5Q", "Alt+F3|\\e[1;3R", "Ctrl+Shift+F4|\\e[1;6S",
        "Shift+F5|\\e[15;2~", "Ctrl+F6|\\e[17;5~", "Alt+F7|\\e[18;3~", "Ctrl+F8|\\e[19;5~", "Ctrl+F9|\\e[20;5~",
        "Ctrl+F10|\\e[21;5~", "Ctrl+F11|\\e[23;5~", "Ctrl+Alt+Shift+F12|\\e[24;8~",
    })
    void modifiedCursorEditingAndFunctionKeysUseXtermModifierParameters(String key, String expected) {
        assertThat(encoded(key)).isEqualTo(expected);
    }

    @Test
    void modifiedCursorKeysIgnoreApplicationCursorMode() {
        assertThat(encoded("Ctrl+ArrowUp", true)).isEqualTo("\\e[1;5A");
        assertThat(encoded("Shift+Home", true)).isEqualTo("\\e[1;2H");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "Ctrl+Alt+Delete", "Alt+Ctrl+Delete", "Ctrl+Alt+Del", "Alt+Ctrl+Del",
    })
    void modifiersCombineInAnyOrderAndDelIsDelete(String key) {
        assertThat(encoded(key)).isEqualTo("\\e[3;7~");
    }

    @Test
    void modifierOrderDoesNotMatterForLetters() {
        assertThat(encoded("Shift+Alt+a")).isEqualTo(encoded("Alt+Shift+a"));
        assertThat(encoded("Alt+Ctrl+x")).isEqualTo(encoded("Ctrl+Alt+X"));
    }

    @Test
    void aliasesEncodeLikeTheKeysTheyNameWithAndWithoutModifiers() {
        assertThat(encoded("Del")).isEqualTo(encoded("Delete"));
        assertThat(encoded("Esc")).isEqualTo(encoded("Escape"));
        assertThat(encoded("Return")).isEqualTo(encoded("Enter"));
        assertThat(encoded("Alt+Return")).isEqualTo("\\e^M");
        assertThat(encoded("Ctrl+Return")).isEqualTo("^M");
    }

    @Test
    void modifiersThatChangeNothingOnAKeyboardSendThePlainKey() {
        assertThat(encoded("Shift+Enter")).isEqualTo("^M");
        assertThat(encoded("Ctrl+Enter")).isEqualTo("^M"); // as xterm 379 sends it
        assertThat(encoded("Ctrl+Tab")).isEqualTo("^I");
        assertThat(encoded("Shift+Space")).isEqualTo(" ");
        assertThat(encoded("Ctrl+Shift+a")).isEqualTo("^A");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "enter", "ENTER", "ctrl+a", "Ctrl+", "Ctrl", "F13", "F0", "Hyper+A", "a", "A", "1", ".", "", " ",
        "Ctrl+ ", "Shift+1", "Shift+.", "Ctrl+Shift+[", "Alt+é", "Alt+AB", "Meta+a", "Ctrl+ArrowUp+",
        "+", "Cmd+Enter", "Enter+Ctrl", "arrowup", "Ctrl+Ctrl+A", "Alt+Shift+Alt+Delete",
    })
    void namesOutsideTheTableAreRejectedNamingTheKey(String key) {
        assertThatThrownBy(() -> KeyEncoder.encode(key, false))
                .isInstanceOf(UnknownKeyException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown key: \"" + key + "\"")
                .satisfies(e -> assertThat(((UnknownKeyException) e).keyName()).isEqualTo(key));
    }

    @Test
    void wrongCaseGetsACorrectedSuggestion() {
        assertThatThrownBy(() -> KeyEncoder.encode("enter", false))
                .hasMessage("Unknown key: \"enter\" (key names are case-sensitive: did you mean \"Enter\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("ctrl+alt+del", false))
                .hasMessageEndingWith("did you mean \"Ctrl+Alt+Del\"?)");
    }

    @Test
    void aTypoOrADashedModifierGetsTheNearestValidName() {
        assertThatThrownBy(() -> KeyEncoder.encode("Entr", false))
                .hasMessage("Unknown key: \"Entr\" (did you mean \"Enter\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("ctrl-c", false))
                .hasMessage("Unknown key: \"ctrl-c\" (did you mean \"Ctrl+C\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("C-b", false))
                .hasMessage("Unknown key: \"C-b\" (did you mean \"Ctrl+B\"?)");   // tmux's prefix, as tmux writes it
        assertThatThrownBy(() -> KeyEncoder.encode("C-M-f", false))
                .hasMessage("Unknown key: \"C-M-f\" (did you mean \"Ctrl+Alt+F\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("S-Tab", false))
                .hasMessage("Unknown key: \"S-Tab\" (did you mean \"Shift+Tab\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("^C", false))
                .hasMessage("Unknown key: \"^C\" (did you mean \"Ctrl+C\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("Alt+PgeUp", false))
                .hasMessage("Unknown key: \"Alt+PgeUp\" (did you mean \"Alt+PageUp\"?)");
        assertThatThrownBy(() -> KeyEncoder.encode("Ctrl-ArowLeft", false))
                .hasMessage("Unknown key: \"Ctrl-ArowLeft\" (did you mean \"Ctrl+ArrowLeft\"?)");
    }

    @Test
    void repeatedModifierIsRejectedWithTheReason() {
        assertThatThrownBy(() -> KeyEncoder.encode("Ctrl+Ctrl+A", false))
                .hasMessage("Unknown key: \"Ctrl+Ctrl+A\" (modifier Ctrl given twice)");
    }

    @Test
    void unknownNameWithoutObviousFixHasThePlainMessage() {
        assertThatThrownBy(() -> KeyEncoder.encode("F13", false)).hasMessage("Unknown key: \"F13\"");
    }

    @Test
    void isKeySaysWhatEncodeWouldTakeWithoutRefusing() {
        assertThat(KeyEncoder.isKey("Ctrl+C")).isTrue();
        assertThat(KeyEncoder.isKey("Esc")).as("an alias").isTrue();
        assertThat(KeyEncoder.isKey("make test")).isFalse();
        assertThat(KeyEncoder.isKey("Entr")).as("near a key, still none").isFalse();
        assertThat(KeyEncoder.isKey("Ctrl+Ctrl+C")).isFalse();
    }

    @Test
    void everyListedBaseNameEncodesWithAndWithoutEveryModifier() {
        assertThat(KeyEncoder.keyNames()).hasSize(27).startsWith("Enter").endsWith("F12");
        for (String name : KeyEncoder.keyNames()) {
            assertThat(KeyEncoder.encode(name, false)).as(name).isNotEmpty();
            for (String modifier : KeyEncoder.modifierNames()) {
                assertThat(KeyEncoder.encode(modifier + "+" + name, false)).as(modifier + "+" + name).isNotEmpty();
            }
        }
    }

    @Test
    void eachCallReturnsAFreshArray() {
        byte[] first = KeyEncoder.encode("ArrowUp", false);
        first[0] = 0;
        assertThat(KeyEncoder.encode("ArrowUp", false)[0]).isEqualTo((byte) 0x1b);
    }
}
