/**
 * What every module's tests share. {@link dev.ptyctl.testsupport.RequiresTool} and {@link
 * dev.ptyctl.testsupport.Tools#require} let a test that drives an optional program (zsh, fish, vim, tmux, chromium,
 * chromedriver…) skip with a visible reason where the program is missing, fail instead under {@code CI=true}, and
 * leave its name in {@code target/missing-tools/} at the repository root, from which {@code ./run-tests} prints its
 * one-line summary. {@link dev.ptyctl.testsupport.TestCertificate} makes a self-signed TLS certificate at test time;
 * {@link dev.ptyctl.testsupport.TemporaryFolders} makes folders that are deleted when done with, or when the JVM ends.
 */
package dev.ptyctl.testsupport;
