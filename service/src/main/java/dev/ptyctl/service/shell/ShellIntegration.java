package dev.ptyctl.service.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Makes the shells the server starts load ptyctl's integration script (SPEC §5.9) without touching the user's own
 * start-up files: bash gets {@code --rcfile <our script>}, and the script sources {@code /etc/bash.bashrc} and
 * {@code ~/.bashrc} itself before adding prompt marks.
 *
 * <p>Only a plain interactive shell is changed. A command that runs a script or a {@code -c} string, asks for no
 * start-up files, names its own rc file or is a login shell (which reads the profile, not the rc file) is returned
 * unchanged: the user asked for something specific.
 */
public final class ShellIntegration {
    private static final String BASH_SCRIPT = "ptyctl.bash";
    /** bash options after which our --rcfile would be ignored or would change what the user asked for. */
    private static final Set<String> BASH_OPT_OUTS = Set.of("-c", "-s", "-l", "--login", "--norc", "--rcfile",
            "--init-file", "--posix", "--noprofile", "--restricted", "-r");

    private static volatile Path scriptDirectory;

    private ShellIntegration() {
    }

    /** The command to start instead of {@code command}: the same, or the same shell with the integration loaded. */
    public static List<String> integrate(List<String> command) {
        if (command.isEmpty() || !isPlainInteractiveBash(command)) {
            return command;
        }
        List<String> out = new ArrayList<>(command.size() + 2);
        out.add(command.getFirst());
        out.add("--rcfile");
        out.add(script(BASH_SCRIPT).toString());
        out.addAll(command.subList(1, command.size()));
        return out;
    }

    private static boolean isPlainInteractiveBash(List<String> command) {
        if (!Path.of(command.getFirst()).getFileName().toString().equals("bash")) {
            return false;
        }
        for (String arg : command.subList(1, command.size())) {
            if (BASH_OPT_OUTS.contains(arg) || !arg.startsWith("-") || arg.matches("-[a-zA-Z]*[cls][a-zA-Z]*")) {
                return false; // a script file, -c, -s, a login shell (also as in -il), or an opt-out
            }
        }
        return true;
    }

    /** The integration script as a file the shell can read, written once per server into a private folder. */
    static Path script(String name) {
        Path dir = scriptDirectory;
        if (dir == null) {
            synchronized (ShellIntegration.class) {
                dir = scriptDirectory;
                if (dir == null) {
                    dir = writeScripts();
                    scriptDirectory = dir;
                }
            }
        }
        return dir.resolve(name);
    }

    private static Path writeScripts() {
        try {
            Path dir = Files.createTempDirectory("ptyctl-shell-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            for (String name : List.of(BASH_SCRIPT)) {
                try (InputStream in = ShellIntegration.class.getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IllegalStateException("shell integration script missing from the jar: " + name);
                    }
                    Path file = dir.resolve(name);
                    Files.copy(in, file);
                    file.toFile().deleteOnExit();
                }
            }
            dir.toFile().deleteOnExit(); // registered last, so deleted after the files in it
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the shell integration scripts", e);
        }
    }
}
