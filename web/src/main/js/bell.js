// What the page does when a program rings the bell (BEL), in sight, as the settings say (bell: visual, sound, none).
// A bell rung out of sight marks its tab (TerminalTab.rang); these are for the one in sight.

/** Bells this close together (ms) give one flash or beep: `yes $'\a'`, or a shell's completion held down, rings on. */
const BELL_GAP_MS = 250;

let audio = null; // one AudioContext for the page: browsers limit how many a page may have

/** The bell of one terminal's area (`element`). */
export class Bell {
  constructor(element) {
    this.element = element;
    this.rungAt = -Infinity;
  }

  /**
   * Rings as `kind` says, unless within BELL_GAP_MS of the last: "visual" flashes the area, "sound" beeps (a short
   * 880 Hz tone; the browser lets a page sound only after a person has clicked or typed in it, which whoever hears a
   * terminal's bell has). A bell "none" is the tab's to ignore (TerminalTab.rang): it marks no tab either.
   */
  ring(kind) {
    const now = performance.now();
    if (now - this.rungAt < BELL_GAP_MS) return;
    this.rungAt = now;
    if (kind === 'sound') beep();
    else flash(this.element);
  }
}

function flash(element) {
  element.classList.remove('bell-flash');
  void element.offsetWidth; // restarts the animation of a flash still going
  element.classList.add('bell-flash');
}

function beep() {
  try {
    audio ??= new AudioContext();
    // Made before the person first clicked or typed in the page (a bell rung as the page loads), the context starts
    // suspended, as the browser's autoplay policy has it, and stays so unless resumed: every later beep was silent.
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
  } catch (e) {
    console.warn('ptyctl: no sound for the bell', e);
  }
}
