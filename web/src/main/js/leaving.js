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
  const ask = (event) => {
    if (!wanted()) return;
    release(); // the browser's question takes the keyboard: the modifier's keyup never comes to the page
    event.preventDefault();
    event.returnValue = ''; // browsers before the preventDefault form
    // Runs once the question is answered "stay" (on "leave" the page is gone first).
    setTimeout(onStayed, 0);
  };
  // Listened to only while Ctrl, Alt or Meta is down (the browser sees the key that comes with it, the page only the
  // modifier): a page with a beforeunload listener is kept out of Firefox's back/forward cache, and this page is
  // made to come back from it at once (main.js, pageshow).
  let held = false;
  const release = () => {
    if (held) window.removeEventListener('beforeunload', ask);
    held = false;
  };
  const track = (event) => {
    if (!(event.ctrlKey || event.altKey || event.metaKey)) {
      release();
    } else if (!held) {
      held = true;
      window.addEventListener('beforeunload', ask);
    }
  };
  for (const type of ['keydown', 'keyup', 'pointerdown', 'pointermove']) window.addEventListener(type, track, true);
  window.addEventListener('blur', release); // the keys' ups go to another window
}
