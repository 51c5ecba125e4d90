// Shell integration in the page: each prompt the shell marks (OSC 133 A) gets a marker; when its command ends
// (OSC 133 D;exit-code) the prompt's line gets a mark in the gutter, green for exit code 0 and red otherwise.
// jump(-1/+1) scrolls to the previous/next prompt.
// A reset frame (after a long disconnect) starts from a clean buffer: the server's serialization carries each marked
// line's OSC 133 A (and D with its exit code) at that line, so the marks come back through the same handler.

export class PromptMarks {
  constructor(term) {
    this.term = term;
    this.prompts = []; // markers of prompt starts, oldest first
    this.decorations = [];
    this.handler = term.parser.registerOscHandler(133, (data) => this.onMark(data));
  }

  onMark(data) {
    const [kind, code] = data.split(';');
    if (kind === 'A') {
      const marker = this.term.registerMarker(0);
      if (marker) {
        this.prompts.push(marker);
        marker.onDispose(() => {
          this.prompts = this.prompts.filter((m) => m !== marker);
        });
      }
    } else if (kind === 'D' && code !== undefined && code !== '' && this.prompts.length) {
      this.decorate(this.prompts[this.prompts.length - 1], Number(code));
    }
    return false;
  }

  decorate(marker, exitCode) {
    const decoration = this.term.registerDecoration({
      marker,
      x: 0,
      width: 1,
      layer: 'top',
    });
    if (!decoration) return;
    decoration.onRender((element) => {
      element.classList.add('prompt-mark', exitCode === 0 ? 'prompt-ok' : 'prompt-failed');
      element.title = `exit code ${exitCode}`;
    });
    this.decorations.push(decoration);
  }

  /** Scrolls to the prompt before (-1) or after (+1) the top of the viewport. */
  jump(direction) {
    const top = this.term.buffer.active.viewportY;
    const lines = this.prompts.map((m) => m.line).filter((line) => line >= 0);
    const target = direction < 0
      ? lines.filter((line) => line < top).pop()
      : lines.find((line) => line > top);
    if (target !== undefined) this.term.scrollToLine(target);
    else if (direction > 0) this.term.scrollToBottom();
  }

  /** Forgets every mark (the buffer was reset). */
  clear() {
    this.decorations.forEach((d) => d.dispose());
    this.decorations = [];
    this.prompts.forEach((m) => m.dispose());
    this.prompts = [];
  }

  dispose() {
    this.clear();
    this.handler.dispose();
  }
}
