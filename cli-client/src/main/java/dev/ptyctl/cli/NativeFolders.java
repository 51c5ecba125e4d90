package dev.ptyctl.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Points pty4j and JNA at the native libraries the build unpacked into {@code libs/native} (cli-client/pom.xml), for
 * the server, {@code serve} and {@code mcp}. Left to themselves, both unpack their library into a folder of
 * {@code java.io.tmpdir} (JNA: {@code ~/.cache/JNA/temp} first) at the first terminal: with that folder full or not
 * writable, every create failed ({@code 500 spawn_failed}, "Cannot load native pty executor library") while the server
 * looked healthy, and each start without {@code -Dpty4j.tmpdir} left a {@code pty4j-linux-*} folder behind.
 *
 * <p>What a user sets ({@code -Dpty4j.preferred.native.folder}, {@code -Djna.boot.library.path}) wins; a layout
 * without the folder (tests, an IDE, an older build) is left as it was.
 */
final class NativeFolders {
    static final String PTY4J_FOLDER = "pty4j.preferred.native.folder";
    static final String JNA_FOLDER = "jna.boot.library.path";

    private NativeFolders() {
    }

    /** Sets the two properties to the folders under {@code libs/native} that hold this machine's libraries. */
    static void useUnpacked(Path libs) {
        Path natives = libs.resolve("native");
        String arch = arch();
        // pty4j wants FOLDER/linux/ARCH/libpty.so, JNA FOLDER/libjnidispatch.so: the paths inside their jars.
        Path pty4j = natives.resolve("resources/com/pty4j/native");
        if (System.getProperty(PTY4J_FOLDER) == null
                && Files.isRegularFile(pty4j.resolve("linux").resolve(arch).resolve("libpty.so"))) {
            System.setProperty(PTY4J_FOLDER, pty4j.toString());
        }
        Path jna = natives.resolve("com/sun/jna/linux-" + arch);
        if (System.getProperty(JNA_FOLDER) == null && Files.isRegularFile(jna.resolve("libjnidispatch.so"))) {
            System.setProperty(JNA_FOLDER, jna.toString());
        }
    }

    /** The architecture as both name it in their folders ({@code x86-64}, {@code aarch64}). */
    private static String arch() {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        return switch (arch) {
            case "amd64", "x86_64" -> "x86-64";
            case "i386", "i686" -> "x86";
            default -> arch;
        };
    }
}
