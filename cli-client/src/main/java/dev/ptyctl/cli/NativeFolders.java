package dev.ptyctl.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Points pty4j and JNA at the native libraries the build unpacked into {@code libs/native} (cli-client/pom.xml), for
 * the server, {@code serve} and {@code mcp}. Left to themselves, both unpack their library into a folder of
 * {@code java.io.tmpdir} (JNA: {@code ~/.cache/JNA/temp} first) at the first terminal: with that folder full or not
 * writable, every create failed ({@code 500 spawn_failed}, "Cannot load native pty executor library") while the server
 * looked healthy, and each start without {@code -Dpty4j.tmpdir} left a {@code pty4j-linux-*} folder behind.
 *
 * <p>JNA also gets {@code jna.nounpack}: without it JNA makes its unpacking folder ({@code ~/.cache/JNA/temp}) at
 * every start to clear it, even when it loads its library from {@code jna.boot.library.path}, which left an empty
 * folder in the home of the server's user.
 *
 * <p>What a user sets ({@code -Dpty4j.preferred.native.folder}, {@code -Djna.boot.library.path}, and the unpacking
 * folders {@code -Dpty4j.tmpdir}, {@code -Djna.tmpdir}) wins. A copy of the server without the folder (an older build,
 * a {@code libs/} copied without {@code native/}) still works, unpacking as before, and says so in one line at start.
 */
final class NativeFolders {
    static final String PTY4J_FOLDER = "pty4j.preferred.native.folder";
    static final String JNA_FOLDER = "jna.boot.library.path";
    static final String JNA_NO_UNPACK = "jna.nounpack";

    /** What to set, and what to tell the operator, for one layout. */
    record Plan(Map<String, String> properties, Optional<String> warning) {
    }

    private NativeFolders() {
    }

    /** Sets the properties to the folders under {@code libs/native} that hold this machine's libraries. */
    static void useUnpacked(Path libs) {
        Plan plan = plan(libs, arch(), System::getProperty);
        plan.properties().forEach(System::setProperty);
        plan.warning().ifPresent(System.err::println);
    }

    /**
     * What {@link #useUnpacked} does for {@code libs} on {@code arch}, given the properties already set
     * ({@code property} answers null for one that is not).
     */
    static Plan plan(Path libs, String arch, Function<String, String> property) {
        Path natives = libs.resolve("native");
        Map<String, String> set = new LinkedHashMap<>();
        List<String> unpacking = new ArrayList<>();
        // pty4j wants FOLDER/linux/ARCH/libpty.so, JNA FOLDER/libjnidispatch.so: the paths inside their jars.
        Path pty4j = natives.resolve("resources/com/pty4j/native");
        if (property.apply(PTY4J_FOLDER) == null) {
            if (Files.isRegularFile(pty4j.resolve("linux").resolve(arch).resolve("libpty.so"))) {
                set.put(PTY4J_FOLDER, pty4j.toString());
            } else if (property.apply("pty4j.tmpdir") == null) {
                unpacking.add("pty4j (libpty.so, into java.io.tmpdir)");
            }
        }
        Path jna = natives.resolve("com/sun/jna/linux-" + arch);
        if (property.apply(JNA_FOLDER) == null) {
            if (Files.isRegularFile(jna.resolve("libjnidispatch.so"))) {
                set.put(JNA_FOLDER, jna.toString());
                if (property.apply(JNA_NO_UNPACK) == null) {
                    set.put(JNA_NO_UNPACK, "true");
                }
            } else if (property.apply("jna.tmpdir") == null) {
                unpacking.add("JNA (libjnidispatch.so, into ~/.cache/JNA or java.io.tmpdir)");
            }
        }
        Optional<String> warning = unpacking.isEmpty() ? Optional.empty() : Optional.of("ptyctl: warning: no native "
                + "libraries for " + arch + " in " + natives + ", so " + String.join(" and ", unpacking)
                + " unpack them at the first terminal, which fails while that folder is full or not writable: copy "
                + "the build's libs/native folder beside the jars (cli-client/target/libs/native), or choose the "
                + "folder with -Dpty4j.tmpdir=DIR -Djna.tmpdir=DIR");
        return new Plan(Map.copyOf(set), warning);
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
