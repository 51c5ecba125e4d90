/**
 * What the server learns from the programs it hosts beyond their screen: live titles and agent activity (SPEC §5.8)
 * and, with shell integration, prompt state (SPEC §5.9).
 */
package dev.ptyctl.service.shell;
