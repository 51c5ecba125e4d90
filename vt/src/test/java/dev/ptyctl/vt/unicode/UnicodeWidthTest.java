package dev.ptyctl.vt.unicode;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnicodeWidthTest {

    @ParameterizedTest(name = "U+{0} has width {1}")
    @CsvSource({
        "0041, 1",   // A
        "00E9, 1",   // é
        "00AD, 1",   // soft hyphen: a format character, but xterm.js gives it a cell
        "0301, 0",   // combining acute accent
        "200B, 0",   // zero width space
        "200D, 0",   // zero width joiner
        "FE0F, 0",   // variation selector 16
        "1160, 0",   // Hangul jungseong filler
        "4E16, 2",   // 世
        "AC00, 2",   // 가
        "FF21, 2",   // fullwidth A
        "1F600, 2",  // grinning face
        "1F971, 2",  // yawning face (Unicode 12, in the unicode11 addon's table)
        "1F93B, 2",  // modern pentathlon: wide in the addon although later Unicode made it narrow
        "1FAE0, 1",  // melting face (Unicode 14): not yet wide for xterm.js's unicode11 addon
        "2500, 1",   // box drawing
        "E0001, 0",  // language tag
        "20000, 2",  // CJK extension B
        "3FFFD, 2",  // unassigned in a plane that defaults to wide
        "10FFFF, 1",
    })
    void widthsMatchXtermJsUnicode11(String hex, int width) {
        assertThat(UnicodeWidth.of(Integer.parseInt(hex, 16))).isEqualTo(width);
    }

    @ParameterizedTest
    @CsvSource({"0", "1B", "7F", "9B"})
    void controlsHaveNoWidth(String hex) {
        assertThat(UnicodeWidth.of(Integer.parseInt(hex, 16))).isZero();
    }
}
