package dev.ptyctl.e2e.web;

import dev.ptyctl.testsupport.RequiresTool;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that drives the page in Chromium: skipped (and listed) without {@code chromium} and
 * {@code chromedriver}, failed under CI; its failures leave a screenshot and the console log behind. Such classes
 * never run at the same time as each other.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@RequiresTool({"chromium", "chromedriver"})
@ExtendWith(FailureArtifacts.class)
// The classes share one browser (Browser), whose driver talks to one window at a time: they take turns, while the
// rest of the suite runs alongside them.
@ResourceLock(Browser.LOCK)
@interface BrowserTest {
}
