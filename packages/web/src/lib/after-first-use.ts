/**
 * Code a page may need soon but not to show itself (a dialog's frame, the toaster): loaded when
 * the browser is idle after the visitor first does something on the page — a pointer moves or
 * presses, a key, a touch, a scroll — not at the first idle moment of every load (decision 145).
 * A page that is only looked at (a crawler, a tab opened and left) loads none of it, and the first
 * load stays within its 100 KB budget with these included; a visitor who moves a finger or the mouse
 * has it before a click can ask for it, and a click that comes first loads it itself.
 */
const FIRST_USE_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'];

/** What waits for the first use; null once it has come. */
let waiting: (() => void)[] | null = [];

function firstUse(): void {
  const run = waiting ?? [];
  waiting = null;
  for (const event of FIRST_USE_EVENTS) window.removeEventListener(event, firstUse, true);
  for (const start of run) start();
}

if (typeof window !== 'undefined') for (const event of FIRST_USE_EVENTS) window.addEventListener(event, firstUse, { capture: true, passive: true });

/** Runs `fn` when the browser is idle after the visitor's first use of the page (Safari has no requestIdleCallback: a timer); the returned function cancels it. */
export function whenIdleAfterFirstUse(fn: () => void, timeout = 5_000): () => void {
  let cancel = () => {};
  const start = () => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(fn, 2_000);
      cancel = () => clearTimeout(timer);
    } else {
      const handle = window.requestIdleCallback(fn, { timeout });
      cancel = () => window.cancelIdleCallback(handle);
    }
  };
  if (waiting) waiting.push(start);
  else start();
  return () => {
    waiting = waiting && waiting.filter((waiter) => waiter !== start);
    cancel();
  };
}
