package dev.ptyctl.service.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Makes the shells the server starts load ptyctl's integration scripts (SPEC §5.9) without touching the user's own
 * start-up files:
 * <ul>
 *   <li>bash gets {@code --rcfile <ours>}; ours sources {@code /etc/bash.bashrc} and {@code ~/.bashrc} first;</li>
 *   <li>zsh gets {@code ZDOTDIR=<ours>}; our {@code .zshenv} restores the user's ZDOTDIR (kept in
 *       {@code PTYCTL_USER_ZDOTDIR}), adds the hooks, then sources the user's {@code .zshenv} (hooks first: a Ctrl-C
 *       in a start-up file makes zsh abandon it and every later one); zsh then reads the user's other start-up files
 *       itself;</li>
 *   <li>fish gets our folder in front of {@code XDG_DATA_DIRS}, where it finds a vendor configuration snippet, and
 *       {@code --init-command} sourcing that snippet again after the configuration (a Ctrl-C during the user's
 *       {@code conf.d} snippets cancels the snippets after them, ours included; a second load does nothing). The
 *       snippet puts the user's {@code XDG_DATA_DIRS} back (kept in {@code PTYCTL_USER_XDG_DATA_DIRS}, absent when
 *       unset), so a fish started from this one is not integrated as well.</li>
 * </ul>
 *
 * <p>Only a plain interactive shell is changed. A command that runs a script or a {@code -c} string, or asks for no
 * start-up files, is returned unchanged: the user asked for something specific. For bash a login shell is left
 * alone too, because a login bash reads the profile and ignores {@code --rcfile}.
 */
public final class ShellIntegration {
    /**
     * {@code PTYCTL_PINNED_NAME=value} in an integrated shell's environment: the integration exports
     * {@code NAME=value} once the user's start-up files have run (bash right after its rc files, zsh and fish at the
     * first prompt), so it wins over what they set, and removes the pinned variable.
     */
    public static final String PINNED_PREFIX = "PTYCTL_PINNED_";

    /**
     * Sets each pinned variable of {@code environment} ({@link #PINNED_PREFIX}{@code NAME=value}) as {@code NAME=value}
     * and removes its pinned name: for a program the integration is not loaded into ({@code sh}, a login bash,
     * {@code bash --norc}, any shell when integration is off), where nothing else would. The pinned names stayed in
     * such a shell's environment, and in that of every program it started, while the variables they pin were not set
     * by them.
     */
    public static void unpin(Map<String, String> environment) {
        List<String> pinned = environment.keySet().stream().filter(name -> name.startsWith(PINNED_PREFIX)
                && name.length() > PINNED_PREFIX.length()).toList();
        for (String name : pinned) {
            environment.put(name.substring(PINNED_PREFIX.length()), environment.remove(name));
        }
    }

    /**
     * What to start: the command and the environment additions, integration included or not.
     *
     * @param integrated whether the integration script was added (a plain bash, zsh or fish): only then are prompt
     *                   marks sure to come
     * @param exitNotice the line the shell prints of its own as its {@code exit} builtin ends it, if any: an
     *                   interactive bash writes "exit" to its stderr (the terminal) before it leaves; zsh and fish
     *                   print nothing. A login bash would say "logout", but a login bash is never integrated.
     */
    public record Launch(List<String> command, Map<String, String> environment, boolean integrated,
                         Optional<String> exitNotice) {
        public Launch {
            command = List.copyOf(command);
            environment = Map.copyOf(environment);
        }

        /** The command as given, nothing added. */
        static Launch unchanged(List<String> command) {
            return new Launch(command, Map.of(), false, Optional.empty());
        }
    }

    private static final List<String> SCRIPTS = List.of("ptyctl.bash", "zsh/.zshenv", "zsh/ptyctl.zsh",
            "fish/vendor_conf.d/ptyctl.fish");
    /** bash options after which our --rcfile would be ignored or would change what the user asked for. */
    private static final Set<String> BASH_OPT_OUTS = Set.of("-c", "-s", "-l", "--login", "--norc", "--rcfile",
            "--init-file", "--posix", "--noprofile", "--restricted", "-r");
    private static final Set<String> ZSH_OPT_OUTS = Set.of("-c", "-s", "-f", "--no-rcs", "--norcs", "-d",
            "--no-globalrcs");
    private static final Set<String> FISH_OPT_OUTS = Set.of("-c", "--command", "-N", "--no-config", "-n",
            "--no-execute");

    /** The scripts' folder name in the temporary folder, before the server's pid. */
    static final String FOLDER_PREFIX = "ptyctl-shell-";
    /** In the scripts' folder: locked by the process that wrote them for as long as it runs. */
    static final String LOCK_FILE = ".in-use";

    /** The open, locked {@link #LOCK_FILE}: kept open (and locked) until this process ends. */
    private static FileChannel inUse;

    private static volatile Path scriptDirectory;

    private ShellIntegration() {
    }

    /**
     * The launch of {@code command} with integration added when it is a shell we integrate with.
     *
     * @param extraEnvironment what the spawn adds to this server's own environment; together they are what the
     *                         shell will see (read for the user's {@code ZDOTDIR} and {@code XDG_DATA_DIRS}). The
     *                         result holds only what to add or replace on top.
     */
    public static Launch integrate(List<String> command, Map<String, String> extraEnvironment) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.putAll(extraEnvironment);
        if (command.isEmpty()) {
            return Launch.unchanged(command);
        }
        String program = Path.of(command.getFirst()).getFileName().toString();
        List<String> args = command.subList(1, command.size());
        return switch (program) {
            case "bash" -> onlyOptions(args, BASH_OPT_OUTS, "[cls]") ? bash(command) : Launch.unchanged(command);
            case "zsh" -> onlyOptions(args, ZSH_OPT_OUTS, "[cfs]") ? zsh(command, environment)
                    : Launch.unchanged(command);
            case "fish" -> onlyOptions(args, FISH_OPT_OUTS, "[cnN]") ? fish(command, environment)
                    : Launch.unchanged(command);
            default -> Launch.unchanged(command);
        };
    }

    /** True when every argument is an option and none is an opt-out, alone or among bundled short options. */
    private static boolean onlyOptions(List<String> args, Set<String> optOuts, String optOutLetters) {
        for (String arg : args) {
            if (optOuts.contains(arg) || !arg.startsWith("-")
                    || arg.matches("-[a-zA-Z]*" + optOutLetters + "[a-zA-Z]*")) {
                return false; // a script file, a command string, or no start-up files
            }
        }
        return true;
    }

    private static Launch bash(List<String> command) {
        List<String> out = new ArrayList<>(command.size() + 2);
        out.add(command.getFirst());
        out.add("--rcfile");
        out.add(script("ptyctl.bash").toString());
        out.addAll(command.subList(1, command.size()));
        return new Launch(out, Map.of(), true, Optional.of("exit"));
    }

    private static Launch zsh(List<String> command, Map<String, String> environment) {
        Map<String, String> env = new HashMap<>();
        String userZdotdir = environment.get("ZDOTDIR");
        if (userZdotdir != null && !userZdotdir.isEmpty()) {
            env.put("PTYCTL_USER_ZDOTDIR", userZdotdir);
        }
        env.put("ZDOTDIR", script("zsh/.zshenv").getParent().toString());
        return new Launch(command, env, true, Optional.empty());
    }

    private static Launch fish(List<String> command, Map<String, String> environment) {
        String dataDirs = environment.get("XDG_DATA_DIRS");
        // fish's own default when XDG_DATA_DIRS is unset; keeping it means system vendor snippets still load.
        String rest = dataDirs == null || dataDirs.isEmpty() ? "/usr/local/share:/usr/share" : dataDirs;
        // fish reads <each XDG_DATA_DIRS entry>/fish/vendor_conf.d/*.fish
        Path snippet = script("fish/vendor_conf.d/ptyctl.fish");
        String ours = snippet.getParent().getParent().getParent().toString();
        // Sourced again after the configuration: a Ctrl-C during the user's conf.d snippets cancels the snippets
        // after them, ours included (fish 3.6; the script's second load does nothing when the first was complete).
        List<String> out = new ArrayList<>(command.size() + 2);
        out.add(command.getFirst());
        out.add("--init-command=source " + fishQuoted(snippet.toString()));
        out.addAll(command.subList(1, command.size()));
        // The script puts the user's value back once fish has read it (absent: the user had none), so programs
        // started from the shell, a nested fish above all, do not load the integration again.
        Map<String, String> env = new HashMap<>();
        env.put("XDG_DATA_DIRS", ours + ":" + rest);
        if (dataDirs != null) {
            env.put("PTYCTL_USER_XDG_DATA_DIRS", dataDirs);
        }
        return new Launch(out, env, true, Optional.empty());
    }

    /** {@code text} as one fish word: single-quoted, with backslash and quote escaped. */
    static String fishQuoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** An integration script as a file the shell can read, written once per server into a private folder. */
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
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        removeFoldersOfEndedServers(temporary);
        return writeScripts(temporary);
    }

    /**
     * Writes the scripts to a new folder in {@code temporary}, locked for as long as this process runs, and returns it.
     * A write that fails (a full disk) leaves nothing behind: each create of a shell tries again, and a folder and an
     * open lock file left by every attempt were one descriptor more per failed create, for good.
     *
     * @throws UncheckedIOException naming the folder and why, e.g. {@code No space left on device}
     */
    static Path writeScripts(Path temporary) {
        Path dir = null;
        FileChannel lockChannel = null;
        try {
            dir = Files.createTempDirectory(temporary, FOLDER_PREFIX,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            dir.toFile().deleteOnExit(); // deleteOnExit runs in reverse order: files first, folders last
            // Locked for as long as this process lives (the kernel lets go when it ends, however it ends): a later
            // server that can lock it knows the folder is left over, by a server killed with SIGKILL, which runs no
            // deleteOnExit. Locked under another name first: a lock file seen unlocked would be taken for a left-over
            // one (the lock is the file's, and stays through the rename).
            Path lock = dir.resolve(LOCK_FILE);
            Path beingLocked = dir.resolve(LOCK_FILE + ".new");
            lockChannel = FileChannel.open(beingLocked, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            lockChannel.lock();
            Files.move(beingLocked, lock, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            lock.toFile().deleteOnExit();
            for (String name : SCRIPTS) {
                Path file = dir.resolve(name);
                Files.createDirectories(file.getParent());
                registerFolders(dir, file.getParent());
                try (InputStream in = ShellIntegration.class.getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IllegalStateException("shell integration script missing from the jar: " + name);
                    }
                    Files.copy(in, file);
                }
                file.toFile().deleteOnExit();
            }
            inUse = lockChannel;
            return dir;
        } catch (IOException | RuntimeException e) {
            closeQuietly(lockChannel);
            if (dir != null) {
                try {
                    deleteTree(dir);
                } catch (IOException | RuntimeException left) {
                    e.addSuppressed(left); // unlocked now: the next server's clean-up removes it
                }
            }
            if (e instanceof IOException io) {
                throw new UncheckedIOException("cannot write the shell integration scripts to " + temporary + ": "
                        + (io.getMessage() == null ? io.getClass().getSimpleName() : io.getMessage()), io);
            }
            throw (RuntimeException) e;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // closing a lock file we only wrote nothing to: nothing to lose
            }
        }
    }

    /**
     * Deletes the script folders in {@code temporary} that no running process holds: a server killed with SIGKILL
     * (or a test JVM killed mid-run) leaves its folder behind, and /tmp collected them (20 on the shared machine).
     * A folder counts as left over only when its lock file can be locked, which the kernel allows once the process
     * that locked it has ended, whatever its pid namespace; folders without one (written by an earlier version) are
     * kept. Nothing here may stop a server from starting a shell: a folder that cannot be looked at is skipped.
     */
    static void removeFoldersOfEndedServers(Path temporary) {
        try (var folders = Files.newDirectoryStream(temporary, FOLDER_PREFIX + "*")) {
            for (Path folder : folders) {
                if (leftOver(folder)) {
                    deleteTree(folder);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder of another user's, or one that vanished meanwhile: left for its owner
        }
    }

    private static boolean leftOver(Path folder) {
        Path lock = folder.resolve(LOCK_FILE);
        if (!Files.isRegularFile(lock, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE)) {
            return channel.tryLock() != null; // released by the close
        } catch (IOException | java.nio.channels.OverlappingFileLockException e) {
            return false; // not ours to open (another user's 0700 folder), or this very process holds it
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        try (var walk = Files.walk(folder)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static void registerFolders(Path root, Path folder) {
        // Outermost first, so the innermost is deleted first at exit.
        List<Path> chain = new ArrayList<>();
        for (Path f = folder; !f.equals(root); f = f.getParent()) {
            chain.addFirst(f);
        }
        chain.forEach(f -> f.toFile().deleteOnExit());
    }
}
