/**
 * The web page in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}), driven with
 * Selenium: one browser for the whole run ({@link dev.ptyctl.e2e.web.Browser}), pages used as a person uses them
 * (keys, clicks) and read through the page's test hook {@code window.ptyctl}. Without Chromium the tests are
 * skipped and listed; under {@code CI=true} they fail. A failing test leaves a screenshot and the page's console
 * log under {@code target/browser-failures/}.
 */
package dev.ptyctl.e2e.web;
