package dev.ptyctl.client.dsl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a test class's snapshots live: {@code __snapshots__/} in the folder of its source file, found under the
 * system property {@code ptyctl.testSources} if set, else under {@code src/test/java}, {@code src/test/kotlin} or
 * {@code src/test/groovy} of the working directory (the module, when Maven or Gradle run the tests).
 */
final class SnapshotFiles {
    private static final List<String> SOURCE_ROOTS = List.of("src/test/java", "src/test/kotlin", "src/test/groovy");

    private SnapshotFiles() {
    }

    static Path folder(Class<?> testClass) {
        String packagePath = testClass.getPackageName().replace('.', '/');
        String configured = System.getProperty(SnapshotAssert.SOURCES_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).resolve(packagePath).resolve("__snapshots__");
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
