package dev.ptyctl.vt.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The version of this build, as the emulator reports it (XTVERSION): the POM's {@code project.version}, which the
 * build writes into {@code version.txt} (resource filtering, {@code vt/pom.xml}). One source, so a release cannot
 * answer with the version of an earlier one; the web page's bundle gets the same value from its build.
 */
final class BuildVersion {
    private static final String RESOURCE = "version.txt";

    /** The version, e.g. {@code 0.1.0}; read on first use. */
    static final String VERSION = read();

    private BuildVersion() {
    }

    private static String read() {
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the vt jar");
            }
            String version = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            if (version.isEmpty() || version.contains("${")) {
                throw new IllegalStateException(RESOURCE + " was not filled in by the build (Maven resource "
                        + "filtering of vt/src/main/resources-filtered): \"" + version + "\"");
            }
            return version;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
