package dev.ptyctl.vt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The version of this build: the POM's {@code project.version}, which the build writes into {@code version.txt}
 * (resource filtering, {@code vt/pom.xml}). The one source of ptyctl's version for everything that reports it: the
 * emulator's XTVERSION answer, {@code ptyctl --version}, the MCP server's {@code serverInfo}; the web page's bundle
 * gets the same value from its build. Unlike a jar manifest's {@code Implementation-Version}, it is there in every
 * jar and when run from classes, so a release cannot report the version of an earlier one, nor none.
 */
public final class BuildVersion {
    private static final String RESOURCE = "version.txt";

    /** The version, e.g. {@code 0.1.0}; read on first use. */
    public static final String VERSION = read();

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
