/*
 * The kernel's own ceiling for a program that reads a PTY: runs a command on a new 120x40 PTY with default
 * terminal settings and does nothing but read the master until end of file, then prints the byte count.
 * bench/server-run compiles it with gcc at bench time; the server bench (ServerBenchRunner) runs it side by side
 * with ptyctl server and tmux.
 *
 * Usage: pty-drain COMMAND [ARG...]    prints "<bytes read>" on stdout; exit 0 when the child exited 0.
 */
#include <errno.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: pty-drain COMMAND [ARG...]\n");
        return 2;
    }
    struct winsize size = {.ws_row = 40, .ws_col = 120};
    int master;
    pid_t child = forkpty(&master, NULL, NULL, &size);
    if (child < 0) {
        perror("pty-drain: forkpty");
        return 2;
    }
    if (child == 0) {
        execvp(argv[1], argv + 1);
        perror("pty-drain: exec");
        _exit(127);
    }
    static char buffer[64 * 1024];
    long long total = 0;
    for (;;) {
        ssize_t n = read(master, buffer, sizeof buffer);
        if (n > 0) {
            total += n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            break; /* EIO once the child and every holder of the slave side are gone: Linux's end of a PTY */
        }
    }
    int status;
    waitpid(child, &status, 0);
    printf("%lld\n", total);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
