package dev.ptyctl.service.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The page's files as the {@code web} module's jar holds them under {@value #ROOT}: {@code files.txt} lists them,
 * {@code index.html} names the content-hashed bundles in {@code assets/}, and each bundle may have a gzipped twin
 * ({@code NAME.gz}). Read once (about 750 KiB with the twins) and kept in memory.
 */
public final class WebAssets {
    /** Where the web module puts the page in its jar. */
    static final String ROOT = "dev/ptyctl/web/";
    static final String INDEX = "index.html";

    /** One file: its bytes, the gzipped bytes when the build made them, and its media type. */
    public record Asset(String path, byte[] bytes, Optional<byte[]> gzipped, String contentType) {
    }

    private final Map<String, Asset> assets;

    private WebAssets(Map<String, Asset> assets) {
        this.assets = Map.copyOf(assets);
    }

    /** The page in {@code loader}'s class path, or empty when this build has none (the web module was left out). */
    public static Optional<WebAssets> fromClassPath(ClassLoader loader) {
        Optional<byte[]> list = read(loader, ROOT + "files.txt");
        if (list.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Asset> assets = new HashMap<>();
        for (String line : new String(list.get(), StandardCharsets.UTF_8).split("\n")) {
            String path = line.strip();
            if (path.isEmpty()) {
                continue;
            }
            byte[] bytes = read(loader, ROOT + path).orElseThrow(() -> new IllegalStateException(
                    "the web page's files.txt lists " + path + " but the jar lacks it: rebuild the web module"));
            assets.put(path, new Asset(path, bytes, read(loader, ROOT + path + ".gz"), contentType(path)));
        }
        if (!assets.containsKey(INDEX)) {
            throw new IllegalStateException("the web page has no " + INDEX + ": rebuild the web module");
        }
        return Optional.of(new WebAssets(assets));
    }

    /** The page itself. */
    public Asset index() {
        return assets.get(INDEX);
    }

    /** A file under {@code assets/} by its name, if there is one. */
    public Optional<Asset> asset(String name) {
        if (name.contains("/") || name.contains("\\")) {
            return Optional.empty();
        }
        return Optional.ofNullable(assets.get("assets/" + name));
    }

    private static Optional<byte[]> read(ClassLoader loader, String resource) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the class path", e);
        }
    }

    static String contentType(String path) {
        String name = path.toLowerCase(Locale.ROOT);
        if (name.endsWith(".html")) {
            return "text/html; charset=utf-8";
        } else if (name.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        } else if (name.endsWith(".css")) {
            return "text/css; charset=utf-8";
        } else if (name.endsWith(".txt")) {
            return "text/plain; charset=utf-8";
        } else if (name.endsWith(".svg")) {
            return "image/svg+xml";
        } else if (name.endsWith(".png")) {
            return "image/png";
        } else if (name.endsWith(".webmanifest")) {
            return "application/manifest+json";
        }
        return "application/octet-stream";
    }
}
