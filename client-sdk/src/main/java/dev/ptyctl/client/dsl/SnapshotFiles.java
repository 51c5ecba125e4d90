package dev.ptyctl.client.dsl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a test class's snapshots live: {@code __snapshots__/} in the folder of its source file, found under the
 * setting {@code ptyctl.testSources} if given, else under {@code src/test/java}, {@code src/test/kotlin} or
 * {@code src/test/groovy} of the working directory (the module, when Maven or Gradle run the tests).
 */
final class SnapshotFiles {
    private static final List<String> SOURCE_ROOTS = List.of("src/test/java", "src/test/kotlin", "src/test/groovy");

    private SnapshotFiles() {
    }

    /** @param sourceRoot the test source root when one is configured */
    static Path folder(Class<?> testClass, Optional<String> sourceRoot) {
        String packagePath = testClass.getPackageName().replace('.', '/');
        if (sourceRoot.isPresent()) {
            return Path.of(sourceRoot.get()).resolve(packagePath).resolve("__snapshots__");
        }
        for (String root : SOURCE_ROOTS) {
            Path folder = Path.of(root).resolve(packagePath);
            if (Files.isDirectory(folder)) {
                return folder.resolve("__snapshots__");
            }
        }
        return Path.of(SOURCE_ROOTS.getFirst()).resolve(packagePath).resolve("__snapshots__");
    }
}
