package dev.ptyctl.service.rpc;

import java.io.IOException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;

/**
 * A Unix-domain listening socket whose file only its owner can use (mode 0600, SPEC §4.4), created without a
 * moment in which anyone else could connect: the socket is bound inside a fresh 0700 directory next to the
 * target, restricted to 0600, and only then linked to the target name (a hard link, which fails instead of
 * replacing anything that appeared meanwhile; a rename where hard links are not supported).
 *
 * <p>An existing file at the target is replaced only when it is a stale socket (nobody accepts connections on
 * it); a live socket, a symbolic link or any other kind of file is refused. On close the file is removed, but only
 * while it is still this socket's file.
 */
final class UnixSocketFile implements AutoCloseable {
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;

    private final Path path;
    private final ServerSocketChannel channel;
    private final Object fileKey;

    private UnixSocketFile(Path path, ServerSocketChannel channel, Object fileKey) {
        this.path = path;
        this.channel = channel;
        this.fileKey = fileKey;
    }

    /** Binds a listening socket at {@code path}, mode 0600. */
    static UnixSocketFile bind(Path path) throws IOException {
        Path target = path.toAbsolutePath();
        Path parent = target.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IOException("cannot create socket " + path + ": directory " + parent + " does not exist");
        }
        removeStale(target);
        Path privateDir = Files.createTempDirectory(parent, ".ptyctl-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            Path staging = privateDir.resolve("s");
            channel.bind(UnixDomainSocketAddress.of(staging));
            Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rw-------"));
            publish(staging, target);
            Files.deleteIfExists(staging);
            Object key = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
            return new UnixSocketFile(target, channel, key);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        } finally {
            Files.deleteIfExists(privateDir.resolve("s"));
            Files.deleteIfExists(privateDir);
        }
    }

    private static void publish(Path staging, Path target) throws IOException {
        try {
            Files.createLink(target, staging);
        } catch (FileAlreadyExistsException e) {
            throw new IOException("cannot create socket " + target + ": the file appeared while binding", e);
        } catch (IOException | UnsupportedOperationException e) {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /** Deletes a socket file nobody listens on; refuses anything else that exists at {@code target}. */
    private static void removeStale(Path target) throws IOException {
        int mode;
        try {
            BasicFileAttributes attributes = Files.readAttributes(target, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                throw new IOException("refusing to use " + target + ": it is a symbolic link");
            }
            mode = (Integer) Files.getAttribute(target, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        if ((mode & S_IFMT) != S_IFSOCK) {
            throw new IOException("refusing to replace " + target + ": it exists and is not a socket");
        }
        boolean live;
        try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(target))) {
            live = probe.isConnected();
        } catch (SocketException e) {
            live = false; // connection refused: the server that made it is gone
        }
        if (live) {
            throw new IOException("cannot listen on " + target + ": another server is using it");
        }
        Files.deleteIfExists(target);
    }

    ServerSocketChannel channel() {
        return channel;
    }

    Path path() {
        return path;
    }

    /** Closes the socket and removes its file if the file is still this socket's. */
    @Override
    public void close() throws IOException {
        channel.close();
        try {
            Object current = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey();
            if (Objects.equals(current, fileKey)) {
                Files.deleteIfExists(path);
            }
        } catch (NoSuchFileException e) {
            // already gone
        }
    }
}
