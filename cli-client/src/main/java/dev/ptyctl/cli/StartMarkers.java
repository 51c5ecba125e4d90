package dev.ptyctl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The start markers of this user's {@code ptyctl serve} and {@code ptyctl server} processes that do not listen yet:
 * one file per process in {@code ${TMPDIR:-/tmp}/ptyctl-UID/starting/}, named by its pid, holding what it will listen
 * on ({@code serve port 5174}) and the process's start time (from {@code /proc/PID/stat}, so that a pid reused after
 * a crash does not pass for the starter). The launcher writes one before it looks for a JDK or builds, the JVM
 * rewrites it once it has read its options and removes it once it listens or gives up (docs/cli.md, "A server that
 * is still starting"). A client refused by an address that a live marker names waits for that server
 * ({@link StartingServerWait}); a marker whose process is gone is deleted by whoever finds it.
 *
 * <p>Linux only (the uid and the start time come from {@code /proc}); elsewhere there are no markers and a client is
 * refused at once, as before. The directory is the user's own (mode 0700, created by the first starter; one owned by
 * another user is ignored).
 */
final class StartMarkers {
    /** The shared folder name under {@code $TMPDIR}; the launcher (the {@code ptyctl} script) uses the same. */
    static final String FOLDER_PREFIX = "ptyctl-";
    static final String SUBFOLDER = "starting";
    private static final Path PROC = Path.of("/proc");

    /** {@code null}: no markers (no uid known). */
    private final Path directory;
    private final int uid;

    private StartMarkers(Path directory, int uid) {
        this.directory = directory;
        this.uid = uid;
    }

    /** This user's markers, under {@code TMPDIR} of {@code environment} (blank values already unset), else /tmp. */
    static StartMarkers of(Function<String, String> environment) {
        String tmp = environment.apply("TMPDIR");
        try {
            int uid = (Integer) Files.getAttribute(PROC.resolve("self"), "unix:uid");
            return new StartMarkers(Path.of(tmp != null ? tmp : "/tmp", FOLDER_PREFIX + uid, SUBFOLDER), uid);
        } catch (IOException | RuntimeException notLinux) {
            return new StartMarkers(null, -1);
        }
    }

    /** A process that announced it would listen on {@code target} and does not yet. */
    record Starter(long pid, String command, ListenTarget target) {
        /** {@code ptyctl serve (pid 4242) to listen on port 5174}. */
        String describe() {
            return "`ptyctl " + command + "` (pid " + pid + ") to listen on " + target;
        }
    }

    /**
     * The live starter that will listen on {@code target}, if any ({@link ListenTarget#announcedBy}: a marker's
     * port is this machine's); markers of processes that are gone are deleted on the way.
     */
    Optional<Starter> find(ListenTarget target) {
        if (directory == null || !ours(directory.getParent())) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> markers = Files.newDirectoryStream(directory)) {
            for (Path marker : markers) {
                Optional<Starter> starter = read(marker);
                if (starter.isPresent() && target.announcedBy(starter.get().target())) {
                    return starter;
                }
            }
        } catch (IOException | RuntimeException noMarkers) {
            // no folder (nothing ever started here), or it went away: nothing is starting
        }
        return Optional.empty();
    }

    /** The marker's starter when its process lives; a marker of a process that is gone is deleted. */
    private static Optional<Starter> read(Path marker) {
        long pid;
        try {
            pid = Long.parseLong(marker.getFileName().toString());
        } catch (NumberFormatException notAMarker) {
            return Optional.empty(); // a file being written (".PID.tmp")
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
        String started = lines.size() > 1 && lines.get(1).startsWith("started ")
                && !lines.get(1).substring("started ".length()).isBlank()
                ? lines.get(1).substring("started ".length()).strip() : null;
        if (!alive(pid, started)) {
            deleteQuietly(marker);
            return Optional.empty();
        }
        String[] what = lines.isEmpty() ? new String[0] : lines.getFirst().split(" ", 2);
        ListenTarget target = what.length == 2 ? ListenTarget.parse(what[1]) : null;
        return target == null ? Optional.empty() : Optional.of(new Starter(pid, what[0], target));
    }

    /**
     * Announces that process {@code pid} will listen on {@code target}, replacing its marker (the launcher's, which
     * may have read the options less exactly) in one step.
     */
    void write(long pid, String command, ListenTarget target) throws IOException {
        if (directory == null) {
            return;
        }
        Path parent = directory.getParent();
        if (!Files.isDirectory(parent)) {
            try {
                Files.createDirectory(parent, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another starter made it meanwhile
            }
        }
        if (!ours(parent)) {
            return;
        }
        Files.createDirectories(directory);
        String started = startTime(pid);
        Path temporary = directory.resolve("." + pid + ".tmp");
        Files.writeString(temporary, command + " " + target.text() + "\n"
                + (started != null ? "started " + started + "\n" : ""), StandardCharsets.UTF_8);
        Files.move(temporary, directory.resolve(Long.toString(pid)), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** Removes the marker of process {@code pid}, if there is one. */
    void remove(long pid) {
        if (directory != null) {
            deleteQuietly(directory.resolve(Long.toString(pid)));
        }
    }

    private boolean ours(Path folder) {
        try {
            return (Integer) Files.getAttribute(folder, "unix:uid") == uid;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether process {@code pid} runs (a zombie has ended) and, when the marker recorded one, started at
     * {@code started}.
     */
    static boolean alive(long pid, String started) {
        String[] stat = stat(pid);
        if (stat == null) {
            return false;
        }
        String state = stat[0];
        return !state.equals("Z") && !state.equals("X") && (started == null || started.equals(stat[19]));
    }

    /** The process's start time in clock ticks since boot (field 22 of {@code /proc/PID/stat}), or {@code null}. */
    static String startTime(long pid) {
        String[] stat = stat(pid);
        return stat == null ? null : stat[19];
    }

    /** The fields of {@code /proc/PID/stat} after the command name (state first), or {@code null}. */
    private static String[] stat(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
            // the command name is in parentheses and may hold spaces and parentheses itself
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
            return fields.length > 19 ? fields : null;
        } catch (IOException | RuntimeException gone) {
            return null;
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // another client deleted it, or the folder is not writable: nothing to clean then
        }
    }
}
