/*
 * The kernel's own ceiling for a program that reads a PTY: runs a command on a new 120x40 PTY with default
 * terminal settings and does nothing but read the master until end of file, then prints the byte count.
 * bench/server-run compiles it with gcc at bench time; the server bench (ServerBenchRunner) runs it side by side
 * with ptyctl server and tmux.
 *
 * Usage: pty-drain COMMAND [ARG...]    prints "<bytes read> <CPU nanoseconds> <reads> <sleeps>" on stdout, the second
 *                                       the drain's own user + system time (getrusage): what reading a PTY costs a
 *                                       reader that does nothing else, the floor of any server's reader thread; the
 *                                       last its voluntary context switches: a read that found nothing and waited
 *                                       for the kernel's PTY worker (sleeps ≈ reads: the expensive regime of
 *                                       docs/benchmarks.md); exit 0 when the child exited 0.
 *        pty-drain --cpu PID                 prints the CPU time of process PID so far (all its threads, ended ones
 *                                       too), in nanoseconds: /proc's utime and stime come in 10 ms ticks, which
 *                                       is ±0.6 ms per MiB of a 16 MiB run; this is the kernel's exact sum.
 *        pty-drain --echo N             the kernel's floor for echo latency: runs cat on a raw PTY, writes one
 *                                       byte to the master N times, each after the previous one came back, and
 *                                       prints each round trip in nanoseconds, one per line.
 */
#include <errno.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Runs argv[0] on a new 120x40 PTY, in raw mode when asked; returns the child's pid (master in *master), or -1. */
static pid_t spawn_on_pty(char **argv, int raw, int *master) {
    struct winsize size = {.ws_row = 40, .ws_col = 120};
    pid_t child = forkpty(master, NULL, NULL, &size);
    if (child < 0) {
        perror("pty-drain: forkpty");
        return -1;
    }
    if (child == 0) {
        if (raw) {
            struct termios mode;
            tcgetattr(0, &mode);
            cfmakeraw(&mode); /* like stty raw -echo: cat's output comes back byte for byte, nothing added */
            tcsetattr(0, TCSANOW, &mode);
        }
        execvp(argv[0], argv);
        perror("pty-drain: exec");
        _exit(127);
    }
    return child;
}

static int echo_latency(long samples) {
    char *cat[] = {"cat", NULL};
    int master;
    pid_t child = spawn_on_pty(cat, 1, &master);
    if (child < 0) {
        return 2;
    }
    char c = 'x';
    for (long i = 0; i < samples; i++) {
        long long start = now_ns();
        if (write(master, &c, 1) != 1 || read(master, &c, 1) != 1) {
            perror("pty-drain: echo");
            return 1;
        }
        printf("%lld\n", now_ns() - start);
    }
    kill(child, SIGHUP);
    waitpid(child, NULL, 0);
    return 0;
}

static int print_cpu(pid_t pid) {
    clockid_t clock;
    struct timespec t;
    int error = clock_getcpuclockid(pid, &clock);
    if (error != 0 || clock_gettime(clock, &t) != 0) {
        fprintf(stderr, "pty-drain: no CPU clock for process %d\n", (int) pid);
        return 1;
    }
    printf("%lld\n", t.tv_sec * 1000000000LL + t.tv_nsec);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: pty-drain COMMAND [ARG...] | pty-drain --echo N\n");
        return 2;
    }
    if (argc == 3 && strcmp(argv[1], "--cpu") == 0) {
        return print_cpu(atol(argv[2]));
    }
    if (argc == 3 && strcmp(argv[1], "--echo") == 0) {
        return echo_latency(atol(argv[2]));
    }
    int master;
    pid_t child = spawn_on_pty(argv + 1, 0, &master);
    if (child < 0) {
        return 2;
    }
    static char buffer[64 * 1024];
    long long total = 0;
    long reads = 0;
    for (;;) {
        ssize_t n = read(master, buffer, sizeof buffer);
        if (n > 0) {
            total += n;
            reads++;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            break; /* EIO once the child and every holder of the slave side are gone: Linux's end of a PTY */
        }
    }
    struct rusage self; /* before waitpid: the reading only, never the child's time */
    getrusage(RUSAGE_SELF, &self);
    long long cpu_ns = (self.ru_utime.tv_sec + self.ru_stime.tv_sec) * 1000000000LL
            + (self.ru_utime.tv_usec + self.ru_stime.tv_usec) * 1000LL;
    int status;
    waitpid(child, &status, 0);
    printf("%lld %lld %ld %ld\n", total, cpu_ns, reads, self.ru_nvcsw);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
