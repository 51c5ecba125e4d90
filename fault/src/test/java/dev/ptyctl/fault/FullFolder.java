package dev.ptyctl.fault;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A folder where nothing can be written: a 64 KiB tmpfs filled to the last byte where this process may mount one
 * (root), else a path below a regular file, where no file or folder can be made (ENOTDIR, for root too).
 */
final class FullFolder implements AutoCloseable {
    private final Path root;
    private final Path folder;
    private final boolean mounted;

    private FullFolder(Path root, Path folder, boolean mounted) {
        this.root = root;
        this.folder = folder;
        this.mounted = mounted;
    }

    static FullFolder create() throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("ptyctl-full-");
        Path mount = Files.createDirectory(root.resolve("tmpfs"));
        Process process = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        process.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (process.waitFor() == 0) {
            try (OutputStream fill = Files.newOutputStream(mount.resolve("fill"))) {
                byte[] block = new byte[4096];
                while (true) {
                    fill.write(block);
                    fill.flush();
                }
            } catch (IOException full) {
                // No space left on device: full, as wanted
            }
            return new FullFolder(root, mount, true);
        }
        Path file = Files.createFile(root.resolve("file"));
        return new FullFolder(root, file.resolve("tmp"), false);
    }

    /** The folder nothing can be written to. */
    Path path() {
        return folder;
    }

    /** What it is, for reports. */
    String kind() {
        return mounted ? "a full 64 KiB tmpfs" : "a path below a regular file (no tmpfs could be mounted)";
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (mounted) {
            new ProcessBuilder("umount", folder.toString()).inheritIO().start().waitFor();
        }
        try (var files = Files.walk(root)) {
            for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
