package dev.ptyctl.vt.oracle;

import dev.ptyctl.testsupport.RequiresTool;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that talks to the xterm.js oracle; {@link XtermOracleCondition} decides
 * whether it runs: by default whenever the oracle's packages are installed, always under
 * {@code CI=true} (where missing packages are a failure, not a reason to skip). node itself is a
 * {@link RequiresTool}, listed in {@code ./run-tests}' summary when missing.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("oracle")
@RequiresTool("node")
@ExtendWith(XtermOracleCondition.class)
@interface RequiresXtermOracle {
}
