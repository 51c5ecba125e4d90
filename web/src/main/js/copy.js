// Copying the terminal's selection for the person (Ctrl-Shift-C, a phone's Copy button). Not OSC 52: a program's
// writes go through the clipboard addon, with their own consent.

/**
 * Puts `text` on the clipboard and says whether it got there (a promise of true or false): through the clipboard API
 * where the browser has it, else, or when the API refuses, with the older copy command on a field made for it. The
 * API is missing on plain http to another host (a phone on the local network), and present but refusing where the
 * page has no permission to write (a browser setting, a frame that was not allowed it): the selection was then
 * cleared as if it had been copied, and nothing was.
 */
export async function copyText(text) {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (e) {
      console.warn('ptyctl: the clipboard refused the selection, trying the copy command', e);
    }
  }
  const focused = document.activeElement;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', ''); // no phone keyboard for it
  field.style.position = 'fixed'; // not scrolled to
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    // an old browser that throws instead of answering false
  }
  field.remove();
  focused?.focus?.();
  return copied;
}
