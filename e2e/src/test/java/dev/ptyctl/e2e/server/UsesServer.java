package dev.ptyctl.e2e.server;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class that needs the {@link SharedServer} without using {@code @WithTerminal} (REST examples): its
 * URL is then in the system property {@code ptyctl.url}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface UsesServer {
}
