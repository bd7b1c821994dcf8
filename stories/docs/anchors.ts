/**
 * Anchors on the docs site. A docs page renders in Storybook's preview frame; the address a reader
 * shares is the manager's (`?path=/docs/<entry>#anchor`), whose hash Storybook's docs container
 * scrolls to once, 200 ms after the page first renders. On an element's page the live widgets
 * above the guide are still growing then, and push the heading out of view; so a page keeps the
 * requested heading at the top while the page settles, until the reader scrolls, clicks or types.
 */

/** The manager's window when the page is in its frame (same origin), else null (the frame opened on its own). */
export function managerWindow(): Window | null {
  if (window.parent === window) return null;
  try {
    return '__STORYBOOK_API__' in window.parent ? window.parent : null;
  } catch {
    return null; // a frame of another origin's page
  }
}

const decode = (hash: string) => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return hash.replace(/^#/, '');
  }
};

/** The anchor the reader asked for: the manager's hash in its frame, the frame's own opened alone. */
export const requestedAnchor = (): string => decode((managerWindow() ?? window).location.hash);

/** The page has not grown or shrunk for this long: it has settled. */
const SETTLED_MS = 3000;
/** Never kept longer than this (a page that keeps changing, e.g. a live clock). */
const LONGEST_MS = 30_000;
/** What the reader does that ends the keeping (they move on their own). */
const READER_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Brings the element with this id to the top of the frame now and whenever the page's size
 * changes, until the page has settled or the reader acts. Returns a stop function.
 */
export function keepAtTop(id: string): () => void {
  let changed = performance.now();
  const started = changed;
  const align = () => {
    const element = document.getElementById(id);
    if (element && Math.abs(element.getBoundingClientRect().top) > 1) element.scrollIntoView({ block: 'start' });
  };
  const onChange = () => {
    changed = performance.now();
    align();
  };
  const resizes = new ResizeObserver(onChange);
  resizes.observe(document.body);
  // An element added or removed inside a widget may move the heading without resizing the body.
  const mutations = new MutationObserver(onChange);
  mutations.observe(document.body, { childList: true, subtree: true });
  const timer = window.setInterval(() => {
    const now = performance.now();
    if (now - changed > SETTLED_MS || now - started > LONGEST_MS) stop();
  }, 500);
  function stop() {
    resizes.disconnect();
    mutations.disconnect();
    window.clearInterval(timer);
    for (const type of READER_EVENTS) window.removeEventListener(type, stop, true);
  }
  for (const type of READER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  align();
  return stop;
}
