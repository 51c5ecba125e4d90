package dev.ptyctl.e2e.web;

import dev.ptyctl.testsupport.RequiresTool;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that drives the page in Chromium: skipped (and listed) without {@code chromium} and
 * {@code chromedriver}, failed under CI; its failures leave a screenshot and the console log behind.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@RequiresTool({"chromium", "chromedriver"})
@ExtendWith(FailureArtifacts.class)
@interface BrowserTest {
}
