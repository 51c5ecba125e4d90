package dev.ptyctl.e2e.web;

import dev.ptyctl.testsupport.TemporaryFolders;
import dev.ptyctl.testsupport.Tools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * One headless Chromium for the whole test run, started on first use and quit when the JVM ends: starting a
 * browser costs a second or two of CPU, and the tests need nothing a fresh window does not give them. The system's
 * browser and driver are named, so Selenium Manager never looks for (or downloads) either; the profile is a fresh
 * temporary folder.
 */
final class Browser {
    /** The window of every page unless a test sets another: wide enough that the list shows every column. */
    static final int WIDTH = 1200;
    static final int HEIGHT = 800;
    /** The {@code @ResourceLock} of the classes that use it (see {@link BrowserTest}). */
    static final String LOCK = "ptyctl.e2e.chromium";
    /**
     * How long a page may take to load (the page, its script and style from the server on loopback: a second on a
     * loaded machine). The one bound of the web tests that is not {@link Page#TIMEOUT}: it must stay under the 60 s
     * a load waited while the pages the browser had cached held the server's six connections, which is how
     * {@code WebBackForwardCacheE2eTest} fails when they do.
     */
    static final Duration PAGE_LOAD = Duration.ofSeconds(45);
    private static ChromeDriver driver;

    private Browser() {
    }

    /** The browser, started on first use. */
    static synchronized ChromeDriver driver() {
        if (driver == null) {
            driver = start();
        }
        return driver;
    }

    /** Whether the browser was started (failure artefacts need it). */
    static synchronized boolean started() {
        return driver != null;
    }

    private static ChromeDriver start() {
        Path profile;
        try {
            profile = Files.createTempDirectory("ptyctl-chromium-profile");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(Tools.find("chromium").orElseThrow().toString());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=" + WIDTH + "," + HEIGHT,
                // Two windows on one terminal are both "in use" in the size test: neither may be throttled.
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows");
        String netLog = System.getProperty("ptyctl.e2e.netLog");
        if (netLog != null) {
            options.addArguments("--log-net-log=" + netLog, "--net-log-capture-mode=Everything");
        }
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Tools.find("chromedriver").orElseThrow().toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver started = new ChromeDriver(service, options);
        // A page that has not loaded in PAGE_LOAD waits for something (Selenium's default is 300 s): fail. Pages
        // cached by the browser that held their event streams for a minute made loads wait that long, unnoticed but
        // for the time the tests took (WebBackForwardCacheE2eTest).
        started.manage().timeouts().pageLoadTimeout(PAGE_LOAD);
        // One hook, the profile deleted once the browser has quit: two hooks ran at once, and the quitting browser
        // wrote into the profile after its deletion (117 profiles were left in /tmp).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            quit();
            TemporaryFolders.delete(profile);
        }, "browser-quit"));
        return started;
    }

    private static synchronized void quit() {
        if (driver != null) {
            driver.quit();
            driver = null;
        }
    }

}
