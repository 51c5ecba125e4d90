// The settings dialog: the header's gear button or Ctrl-, (as in VS Code and Windows Terminal) opens it. A modal
// <dialog>: the keyboard stays in it (Tab goes round its controls), Escape or Done closes it, a screen reader hears
// its name and what it is for. Each control applies as it changes, to every terminal of the page, so that the effect
// is seen behind the dialog; a number once it is entered (Enter, the field left, its arrows), not at each digit typed:
// a scrollback of 5 on the way to 5000 would have dropped all but 5 lines. A number that is not valid is said under
// its field (and not applied) as it is typed, until it is.
import { NUMBERS, valid } from './settings.js';

export class SettingsDialog {
  /**
   * @param dialog  the <dialog> (index.html), its form's controls named as the settings are
   * @param hooks   {current(): the settings with fontSize, change(changed): apply and keep some of them,
   *                 defaults(): back to every default, closed(): the dialog closed}
   */
  constructor(dialog, hooks) {
    this.dialog = dialog;
    this.form = dialog.querySelector('form');
    this.hooks = hooks;
    // The number fields' bounds (where their arrows stop) are settings.js's, as in the error said under them.
    for (const [name, { min, max }] of Object.entries(NUMBERS)) Object.assign(this.form.elements[name], { min, max });
    this.form.addEventListener('input', (event) => this.check(event.target));
    this.form.addEventListener('change', (event) => this.changed(event.target));
    dialog.querySelector('#settings-defaults').addEventListener('click', () => {
      hooks.defaults();
      this.fill();
    });
    dialog.addEventListener('close', () => hooks.closed());
  }

  /** Opens the dialog (again: closes it) with the settings as they are; the first control has the keyboard. */
  toggle() {
    if (this.dialog.open) {
      this.dialog.close();
      return;
    }
    this.fill();
    this.dialog.showModal();
    this.form.elements.copyOnSelect.focus();
  }

  /** Each control as the settings are now; no error said. */
  fill() {
    const settings = this.hooks.current();
    for (const [name, value] of Object.entries(settings)) {
      const control = this.form.elements[name];
      if (!control) continue;
      if (control.type === 'checkbox') control.checked = value;
      else control.value = String(value); // a radio group's value checks the radio of that value
      if (NUMBERS[name]) this.sayError(control, null);
    }
  }

  /** A control changed (a number entered): its setting applies, unless it is a number that is not valid. */
  changed(control) {
    const name = control.name;
    if (!name) return;
    const value = control.type === 'checkbox' ? control.checked : this.check(control);
    if (value !== undefined) this.hooks.change({ [name]: value });
  }

  /**
   * The setting `control` holds, or undefined when it is a number that is not valid, which is then said under the
   * field (its description) and the field marked, until it holds a valid one.
   */
  check(control) {
    const value = valid(control.name, control.value);
    const bounds = NUMBERS[control.name];
    if (bounds) {
      this.sayError(control, value === undefined
        ? `a whole number of ${bounds.unit} from ${bounds.min} to ${bounds.max}` : null);
    }
    return value;
  }

  sayError(control, message) {
    const error = this.form.querySelector(`#settings-${control.name}-error`);
    error.hidden = !message;
    error.textContent = message ? `${control.closest('label').firstChild.textContent.trim()}: ${message}` : '';
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
}
