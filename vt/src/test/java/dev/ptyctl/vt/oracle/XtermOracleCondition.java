package dev.ptyctl.vt.oracle;

import dev.ptyctl.testsupport.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Whether the xterm.js oracle tests run:
 * <ul>
 *   <li>{@code -Dptyctl.oracle=false} turns them off, {@code -Dptyctl.oracle=true} on;</li>
 *   <li>otherwise they run when {@code tools/xterm-oracle/node_modules} exists
 *       ({@code npm ci --prefix tools/xterm-oracle});</li>
 *   <li>and under {@code CI=true} they always run, so that missing packages fail the build with
 *       the command to run instead of silently skipping the differential test.</li>
 * </ul>
 */
final class XtermOracleCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String forced = System.getProperty("ptyctl.oracle", "").trim();
        if (forced.equalsIgnoreCase("false")) {
            return ConditionEvaluationResult.disabled("-Dptyctl.oracle=false");
        }
        if (forced.equalsIgnoreCase("true")) {
            return ConditionEvaluationResult.enabled("-Dptyctl.oracle=true");
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            return ConditionEvaluationResult.enabled("CI=true: the xterm.js oracle is required");
        }
        Path packages = installedPackages();
        if (packages != null && Files.isDirectory(packages)) {
            return ConditionEvaluationResult.enabled("xterm.js is installed for the oracle");
        }
        // Listed in ./run-tests' summary, which would otherwise not name the emulator's largest test as skipped.
        Tools.listSkipped(context.getRequiredTestClass().getSimpleName(),
                "xterm.js headless (" + XtermOracle.INSTALL_COMMAND + ")");
        return ConditionEvaluationResult.disabled("the xterm.js oracle is not installed: run `"
            + XtermOracle.INSTALL_COMMAND + "` (needs node and npm) to compare with xterm.js");
    }

    private static Path installedPackages() {
        try {
            return XtermOracle.repositoryRoot().resolve(XtermOracle.ORACLE_DIR).resolve("node_modules");
        } catch (IllegalStateException e) {
            return null;
        }
    }
}
