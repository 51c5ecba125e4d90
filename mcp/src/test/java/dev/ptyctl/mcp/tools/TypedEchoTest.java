package dev.ptyctl.mcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.control.TerminalWait.Condition;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Which typed line's echo holds a text a wait that timed out looked for: what its answer then names. */
class TypedEchoTest {
    private static final List<String> TYPED = List.of("import time", "x = 'marker'", "y = 42");

    @Test
    void theFirstLineWhoseEchoHoldsATextIsNamed() {
        assertThat(TypedEcho.echoHolding(Condition.text("marker", 7).skippingEchoOf(TYPED))).hasValue("x = 'marker'");
        // A substring is literal: "." and "(" are not an expression's.
        assertThat(TypedEcho.echoHolding(Condition.text("x = '", 7).skippingEchoOf(TYPED))).hasValue("x = 'marker'");
        assertThat(TypedEcho.echoHolding(Condition.text("time.", 7).skippingEchoOf(TYPED))).isEmpty();
        assertThat(TypedEcho.echoHolding(Condition.regex(Pattern.compile("\\d+$"), 7).skippingEchoOf(TYPED)))
                .hasValue("y = 42");
    }

    @Test
    void noLineIsNamedWhenNoEchoHoldsTheTextOrNoneWasGonePast() {
        assertThat(TypedEcho.echoHolding(Condition.text("done", 7).skippingEchoOf(TYPED))).isEmpty();
        assertThat(TypedEcho.echoHolding(Condition.text("marker", 7))).isEmpty();
        assertThat(TypedEcho.echoHolding(Condition.text("marker", -1).skippingEchoOf(TYPED))).isEmpty();
    }
}
