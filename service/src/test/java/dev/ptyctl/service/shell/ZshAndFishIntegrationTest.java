package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * zsh and fish with ptyctl's integration: the same marks as bash, loaded without touching the user's files, and the
 * user's own configuration (prompt, hooks, aliases) still in effect. CI installs both shells; elsewhere a missing
 * shell skips its tests.
 */
class ZshAndFishIntegrationTest {
    @TempDir
    Path home;

    private IntegratedShell zsh(String zshrc) throws Exception {
        Tools.require("zsh");
        Files.writeString(home.resolve(".zshrc"), zshrc);
        return new IntegratedShell("zsh", home);
    }

    private IntegratedShell fish(String configFish) throws Exception {
        Tools.require("fish");
        Path config = Files.createDirectories(home.resolve(".config/fish"));
        Files.writeString(config.resolve("config.fish"), configFish);
        return new IntegratedShell("fish", home);
    }

    @Test
    void zshMarksCommandsWithExitCodesAndKeepsTheUsersHooks() throws Exception {
        try (IntegratedShell zsh = zsh("""
                PS1='ready$ '
                alias greet='echo hello-from-zshrc'
                precmd() { echo "user-precmd saw $?" }
                """)) {
            assertThat(zsh.run("greet")).containsSubsequence("133;C", "2;greet", "133;D;0", "133;A", "133;B");
            assertThat(zsh.screen()).contains("hello-from-zshrc\nuser-precmd saw 0\n");
            assertThat(zsh.run("false")).contains("133;D;1");
            assertThat(zsh.run("(exit 2)")).contains("133;D;2");
            assertThat(zsh.run("no-such-command-here")).contains("133;D;127");
            assertThat(zsh.run("cd /")).contains("7;file://" + BashIntegrationTest.hostname() + "/", "2;zsh /");
        }
    }

    @Test
    void zshKeepsTheUsersZdotdir() throws Exception {
        Tools.require("zsh");
        Path own = Files.createDirectories(home.resolve("zdot"));
        Files.writeString(own.resolve(".zshrc"), "PS1='ready$ '\nexport FROM_OWN_ZDOTDIR=yes\n");
        var launch = ShellIntegration.integrate(java.util.List.of("zsh"), Map.of("ZDOTDIR", own.toString()));
        assertThat(launch.environment()).containsEntry("PTYCTL_USER_ZDOTDIR", own.toString());
        // The fixture passes ZDOTDIR through the same path as a user environment would.
        Files.writeString(home.resolve(".zshenv"), "export ZDOTDIR=" + own + "\n");
        try (IntegratedShell zsh = new IntegratedShell("zsh", home)) {
            zsh.run("echo \"own=$FROM_OWN_ZDOTDIR dot=$ZDOTDIR\"");
            assertThat(zsh.screen()).contains("own=yes dot=" + own);
        }
    }

    @Test
    void fishMarksCommandsWithExitCodesAndKeepsTheUsersPrompt() throws Exception {
        try (IntegratedShell fish = fish("""
                function fish_prompt; echo -n 'ready$ '; end
                function greet; echo hello-from-config; end
                function user_hook --on-event fish_postexec; echo "user-hook saw $status"; end
                """)) {
            assertThat(fish.run("greet")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
            assertThat(fish.screen()).contains("hello-from-config\nuser-hook saw 0\n");
            assertThat(fish.run("false")).contains("133;D;1");
            assertThat(fish.run("no-such-command-here")).contains("133;D;127");
            assertThat(fish.run("cd /")).contains("7;file://" + BashIntegrationTest.hostname() + "/");
        }
    }

    @Test
    void fishMarksALineThatEnterLeavesIncompleteAsAContinuation() throws Exception {
        try (IntegratedShell fish = fish("function fish_prompt; echo -n 'ready$ '; end\n")) {
            long prompt = fish.prompts().lastPromptSeq();
            // fish has no PS2: Enter on an open quote keeps the line in the editor, and the integration says so.
            assertThat(fish.typeUntil("echo \"unterminated\r", "633;F")).doesNotContain("133;C");
            assertThat(fish.prompts().continuationAfter(prompt)).isTrue();
            // The rest of the line completes it: it runs as one command.
            assertThat(fish.typeUntil("end\"\r", "133;D;0")).contains("133;C").doesNotContain("633;F");
            assertThat(fish.prompts().continuationAfter(prompt)).isFalse();
            assertThat(fish.screen()).contains("unterminated\nend\n");
        }
    }

    @Test
    void fishMarksThePromptItDrawsAgainAfterALineItRefuses() throws Exception {
        try (IntegratedShell fish = fish("function fish_prompt; echo -n 'ready$ '; end\n")) {
            // fish prints the syntax error and draws its prompt again with the line still in the editor, without a
            // fish_prompt event: the integration marks that prompt itself, so a client waiting for the prompt after
            // its line is not left waiting, and sees that nothing ran.
            assertThat(fish.typeUntilNewPrompt("echo 'x' )\r")).containsSubsequence("133;A", "133;B")
                    .doesNotContain("133;C");
            assertThat(fish.screen()).contains("Unexpected ')'");
            // The line is still in the editor: Ctrl-U clears it (a key, where fish 3.6 can lose a Ctrl-C sent this
            // soon after input: ptyctl run sends it until the prompt comes back), and the next line runs alone.
            assertThat(fish.run("\u0015echo next")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
            assertThat(fish.screen()).contains("\nnext\n");
        }
    }

    // A Ctrl-C while the start-up files run (bash lost its integration to one: BashIntegrationTest). kill -INT stands
    // for it, at a chosen point. zsh and fish abandon the rest of the file that runs (zsh also every start-up file
    // after it), as they do without ptyctl; the marks must survive it.

    @Test
    void zshKeepsItsMarksAfterACtrlCWhileTheUsersZshrcRuns() throws Exception {
        try (IntegratedShell zsh = zsh("PS1='ready$ '\nkill -INT $$\nalias after='echo rest-ran'\n")) {
            assertThat(zsh.run("true")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
            // The Ctrl-C did cut the file short: the alias after it was never defined (alias says so with status 1).
            assertThat(zsh.run("alias after")).containsSubsequence("133;C", "133;D;1", "133;A", "133;B");
        }
    }

    @Test
    void zshKeepsItsMarksAfterACtrlCWhileTheUsersZshenvRuns() throws Exception {
        // Our .zshenv sources the user's: the hooks are added before it, since zsh then skips .zshrc as well.
        Files.writeString(home.resolve(".zshenv"), "PS1='ready$ '\nkill -INT $$\n");
        try (IntegratedShell zsh = zsh("PS1='not-read$ '\n")) {
            assertThat(zsh.run("true")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
        }
    }

    @Test
    void fishKeepsItsMarksAfterACtrlCWhileTheUsersConfigRuns() throws Exception {
        try (IntegratedShell fish = fish("function fish_prompt; echo -n 'ready$ '; end\nkill -INT $fish_pid\n"
                + "function after; echo rest-ran; end\n")) {
            assertThat(fish.run("true")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
            // The Ctrl-C did cut the file short: the function after it was never defined (functions -q: status 1).
            assertThat(fish.run("functions -q after")).containsSubsequence("133;C", "133;D;1", "133;A", "133;B");
        }
    }

    @Test
    void fishKeepsItsMarksAfterACtrlCWhileTheUsersConfDSnippetsRun() throws Exception {
        // The user's conf.d snippets come before ours, and the Ctrl-C cancels the snippets still to come: the server
        // sources ours again with --init-command, after the configuration (which fish still reads).
        Path confd = Files.createDirectories(home.resolve(".config/fish/conf.d"));
        Files.writeString(confd.resolve("early.fish"), "kill -INT $fish_pid\n");
        try (IntegratedShell fish = fish("function fish_prompt; echo -n 'ready$ '; end\n")) {
            assertThat(fish.run("true")).containsSubsequence("133;C", "133;D;0", "133;A", "133;B");
        }
    }
}
