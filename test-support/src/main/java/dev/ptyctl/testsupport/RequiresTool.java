package dev.ptyctl.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The test (or every test of the class) runs programs that may not be installed: names of executables looked up on
 * {@code PATH} as {@link Tools#find} does, e.g. {@code @RequiresTool({"chromium", "chromedriver"})}.
 *
 * <p>When one is missing the test is disabled with the reason "zsh is not installed" and listed for {@code
 * ./run-tests}' summary; under {@code CI=true} (or {@code -Dptyctl.requireTools=true}) it fails instead, because CI
 * installs every tool and a skip there would hide a broken install. May be used as a meta-annotation.
 *
 * <p>For a parameterized test whose arguments name the tool, call {@link Tools#require} first thing in its body.
 */
@Documented
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiredToolCondition.class)
public @interface RequiresTool {
    /** Executable names, each looked up on {@code PATH}. */
    String[] value();
}
