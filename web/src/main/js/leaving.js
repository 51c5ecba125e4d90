// A page closed by a key while a program runs in it: the browser asks first. Ctrl-W is bash's and vim's, and a person
// typing it into a terminal closed the browser's tab instead (the browser keeps the key: see fullscreen.js). As VS
// Code does in a browser (its window.confirmBeforeClose, "keyboardOnly"), the page asks only when a modifier is held
// as it is left: Ctrl-W, Ctrl-Q, Alt-F4 and Cmd-W ask, a click on the tab's ×, a link followed or F5 leave at once.
// Nothing is lost either way (the terminal goes on in the server), but the program's screen and the person's train of
// thought are. When the person stays, onStayed() tells them why that happened and what to do instead.

/**
 * Asks before the page is left by a key, while wanted() (a terminal that takes keys is open); calls onStayed() when
 * the person chose to stay.
 */
export function askBeforeKeyboardClose({ wanted, onStayed }) {
  let held = false; // Ctrl, Alt or Meta down: the browser sees the key that comes with it, the page only the modifier
  const track = (event) => {
    held = event.ctrlKey || event.altKey || event.metaKey;
  };
  for (const type of ['keydown', 'keyup', 'pointerdown', 'pointermove']) window.addEventListener(type, track, true);
  window.addEventListener('blur', () => {
    held = false; // the keys' ups go to another window
  });
  window.addEventListener('beforeunload', (event) => {
    if (!held || !wanted()) return;
    held = false; // the browser's question takes the keyboard: the modifier's keyup never comes to the page
    event.preventDefault();
    event.returnValue = ''; // browsers before the preventDefault form
    // Runs once the question is answered "stay" (on "leave" the page is gone first).
    setTimeout(onStayed, 0);
  });
}
