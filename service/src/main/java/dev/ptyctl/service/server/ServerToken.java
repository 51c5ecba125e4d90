package dev.ptyctl.service.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * The token in force (SPEC §8) and a sentence saying where it comes from, for the start-up message. The token
 * itself is never printed: a generated one is written to a file only its owner can read (0600, in a 0700 folder
 * when the folder is created), the way Jupyter does.
 *
 * @param value       the token, or empty when clients need none
 * @param description where it comes from, e.g. "from the PTYCTL_TOKEN environment variable"
 */
public record ServerToken(Optional<String> value, String description) {
    /** The word that asks for a random token. */
    public static final String GENERATE = "generate";
    /** 32 random bytes: 256 bits, as unguessable as any secret needs to be. */
    private static final int GENERATED_BYTES = 32;

    /** Where a generated token goes when {@code tokenFile} is empty. */
    public static Path defaultTokenFile() {
        return Path.of(System.getProperty("user.home"), ".ptyctl", "token");
    }

    /** No token. */
    public static ServerToken none() {
        return new ServerToken(Optional.empty(), "none");
    }

    /**
     * @param origin where the token setting came from (see {@link ServerConfig.Loaded#tokenOrigin()})
     * @throws IOException when a generated token cannot be written
     */
    public static ServerToken resolve(SecurityConfig security, String origin) throws IOException {
        if (security.token().isEmpty()) {
            return none();
        }
        if (!security.token().equals(GENERATE)) {
            return new ServerToken(Optional.of(security.token()), "from " + origin);
        }
        Path file = security.tokenFile().isEmpty() ? defaultTokenFile() : Path.of(security.tokenFile());
        String token = generate();
        writePrivately(file, token);
        return new ServerToken(Optional.of(token), "generated, in " + file.toAbsolutePath() + " (mode 0600)");
    }

    static String generate() {
        byte[] bytes = new byte[GENERATED_BYTES];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Writes through a 0600 temporary file renamed into place, so the token is never readable by others. */
    static void writePrivately(Path file, String token) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        }
        Path temp = Files.createTempFile(dir, ".token-", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(temp, token + "\n", StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
