package dev.ptyctl.service.terminals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.pty.TerminalSession;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** The session every protocol uses must reach the PTY for every operation, not an interface default. */
class ObservedSessionTest {

    @Test
    void everyMethodOfTerminalSessionIsDelegated() throws Exception {
        for (Method method : TerminalSession.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            Method implementation = ObservedSession.class.getMethod(method.getName(), method.getParameterTypes());
            assertThat(implementation.getDeclaringClass()).as(method.getName()).isEqualTo(ObservedSession.class);
        }
    }
}
