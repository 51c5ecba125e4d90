package dev.ptyctl.e2e.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * When a browser test fails: a PNG of every open window and the browser's console log since the test started, in
 * {@code target/browser-failures/CLASS.METHOD-N.png} and {@code .log}. Taken as the test method throws, before its
 * clean-up leaves the page. The log is emptied before each test, so it holds that test's messages only.
 */
final class FailureArtifacts implements BeforeEachCallback, TestExecutionExceptionHandler {
    static final Path FOLDER = Path.of("target", "browser-failures");

    @Override
    public void beforeEach(ExtensionContext context) {
        if (Browser.started()) {
            Browser.driver().manage().logs().get(LogType.BROWSER); // reading empties it
        }
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable cause) throws Throwable {
        save(context);
        throw cause;
    }

    private static void save(ExtensionContext context) {
        if (!Browser.started()) {
            return;
        }
        String name = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        try {
            Files.createDirectories(FOLDER);
            ChromeDriver driver = Browser.driver();
            List<String> lines = new ArrayList<>();
            for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
                lines.add(entry.getTimestamp() + " " + entry.getLevel() + " " + entry.getMessage());
            }
            int n = 0;
            for (String handle : driver.getWindowHandles()) {
                WebDriver window = driver.switchTo().window(handle);
                lines.add("window " + n + ": " + window.getCurrentUrl());
                Files.write(FOLDER.resolve(name + "-" + n++ + ".png"), driver.getScreenshotAs(OutputType.BYTES));
            }
            Files.write(FOLDER.resolve(name + ".log"), lines);
            System.err.println("browser failure artefacts: " + FOLDER.toAbsolutePath() + "/" + name + "*");
        } catch (IOException | RuntimeException e) {
            System.err.println("could not save the browser's state after " + name + ": " + e);
        }
    }
}
