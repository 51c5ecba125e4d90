package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The machine's process table, shared between callers but never older than the call. */
class ProcessTableTest {

    @Test
    void listsLiveProcessesWithTheirParentGroupAndSession() throws Exception {
        long self = ProcessHandle.current().pid();
        ProcessTable.Entry me = ProcessTable.scan().get(self);
        assertThat(me).isNotNull();
        assertThat(me.parent()).isEqualTo(ProcessHandle.current().parent().orElseThrow().pid());
        // "pid (comm) state ppid pgrp session ...", read here independently of the table's own parser.
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        assertThat(me.group()).isEqualTo(Long.parseLong(fields[2]));
        assertThat(me.session()).isEqualTo(Long.parseLong(fields[3]));
        assertThat(ProcessTable.of(self)).hasValue(me);
        assertThat(ProcessTable.of(Long.MAX_VALUE)).as("no such process").isEmpty();
    }

    @Test
    void everyCallerSeesTheProcessItStartedJustBeforeCallingEvenWhenScansAreShared() throws Exception {
        // Forty callers at once, each starting a process and then asking: a caller that joined a scan already
        // under way would miss its own process.
        int callers = 40;
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentLinkedQueue<String> missed = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Process> started = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        try {
            for (int i = 0; i < callers; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        start.await();
                        Process p = new ProcessBuilder("sleep", "30").start();
                        started.add(p);
                        if (!ProcessTable.scan().containsKey(p.pid())) {
                            missed.add("pid " + p.pid());
                        }
                    } catch (Exception e) {
                        missed.add(e.toString());
                    }
                }));
            }
            start.countDown();
            for (Thread t : threads) {
                t.join();
            }
        } finally {
            started.forEach(Process::destroyForcibly);
        }
        assertThat(started).hasSize(callers);
        assertThat(missed).isEmpty();
    }
}
