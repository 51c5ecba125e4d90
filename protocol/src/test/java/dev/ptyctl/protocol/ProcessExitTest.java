package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcessExitTest {

    @Test
    void aWaitStatusTellsAnExitAbove128FromASignal() {
        // waitpid: exit(130) is 130 << 8; a death by SIGINT is 2 in the low bits (0x80 would add a core dump).
        assertThat(ProcessExit.fromWaitStatus(130 << 8)).isEqualTo(ProcessExit.exited(130));
        assertThat(ProcessExit.fromWaitStatus(2)).isEqualTo(ProcessExit.killedBy(2));
        assertThat(ProcessExit.fromWaitStatus(0x80 | 11)).isEqualTo(ProcessExit.killedBy(11));
        assertThat(ProcessExit.killedBy(2).exitCode()).isEqualTo(130);
        assertThat(ProcessExit.exited(130).describe()).isEqualTo("exited with 130");
        assertThat(ProcessExit.killedBy(2).describe()).isEqualTo("was killed by SIGINT");
        assertThat(ProcessExit.killedBy(9).signalName()).contains("SIGKILL");
        assertThat(ProcessExit.killedBy(35).signalName()).contains("SIGRTMIN+1");
    }

    @Test
    void theWireHasTheSignalOnlyForADeathBySignalAndReadsBack() {
        String exited = ProcessExit.exited(130).addTo(JsonSupport.objectBuilder()).build().toString();
        String killed = ProcessExit.killedBy(1).addTo(JsonSupport.objectBuilder()).build().toString();
        assertThat(exited).isEqualTo("{\"exitCode\":130}");
        assertThat(killed).isEqualTo("{\"exitCode\":129,\"signal\":\"SIGHUP\"}");
        assertThat(ProcessExit.fromJson(JsonSupport.parseObject(exited))).contains(ProcessExit.exited(130));
        assertThat(ProcessExit.fromJson(JsonSupport.parseObject(killed))).contains(ProcessExit.killedBy(1));
        assertThat(ProcessExit.fromJson(JsonSupport.parseObject("{\"exitCode\":null}"))).isEmpty();
        // A signal that does not match the code is not believed: the code is what every client has always read.
        assertThat(ProcessExit.fromJson(JsonSupport.parseObject("{\"exitCode\":3,\"signal\":\"SIGINT\"}")))
                .contains(ProcessExit.exited(3));
    }

    @Test
    void aSignalsExitCodeIsItsNumberPlus128() {
        assertThatThrownBy(() -> new ProcessExit(2, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProcessExit.killedBy(65)).isInstanceOf(IllegalArgumentException.class);
    }
}
