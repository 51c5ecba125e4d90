package dev.ptyctl.vt.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MiniJsonTest {
    @Test
    void parsesNestedObjectsArraysAndEveryScalar() {
        Object value = MiniJson.parse(" {\"a\": [1, -2, 3.5e1, true, false, null], \"b\": {\"c\": \"\"}} ");
        assertThat(value).isEqualTo(Map.of(
            "a", java.util.Arrays.asList(1L, -2L, 35.0, true, false, null),
            "b", Map.of("c", "")));
    }

    @Test
    void decodesStringEscapesIncludingSurrogatePairs() {
        assertThat(MiniJson.parse("\"\\u001b[1m\\\"q\\\\ \\n\\t\\ud83d\\ude00\\/\""))
            .isEqualTo("\u001b[1m\"q\\ \n\t\ud83d\ude00/");
    }

    @Test
    void keepsTheOrderOfKeysAndEmptyContainers() {
        Map<?, ?> value = (Map<?, ?>) MiniJson.parse("{\"z\":{},\"a\":[]}");
        assertThat(List.copyOf(value.keySet())).isEqualTo(List.of("z", "a"));
        assertThat(value.get("a")).isEqualTo(List.of());
    }

    @Test
    void rejectsTrailingTextAndUnterminatedInput() {
        assertThatThrownBy(() -> MiniJson.parse("{} x")).hasMessageContaining("trailing");
        assertThatThrownBy(() -> MiniJson.parse("[1, 2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MiniJson.parse("\"abc")).hasMessageContaining("unterminated");
    }
}
