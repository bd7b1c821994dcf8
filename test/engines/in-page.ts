/**
 * Code that runs inside the page, as plain JavaScript strings (not transpiled functions: a
 * TypeScript transform may add helpers, such as esbuild's `__name`, that do not exist in the
 * page, and each driver sends code as text anyway).
 *
 * - DEEP_QUERY: finds elements by CSS selector, by ARIA role + accessible name, or by text,
 *   through open shadow roots, the same way in every engine (no engine's own piercing: Playwright
 *   has one, WebDriver and puppeteer's BiDi mode do not agree on theirs).
 * - INSTRUMENT: the page instrumentation the proxy (./proxy.ts) puts first in every HTML page.
 */

/** A query the page understands (RegExps travel as `{ re, flags }`). */
export interface Query {
  /** A CSS selector matched inside each (shadow) root on its own: it does not cross a boundary. */
  css?: string;
  /** An ARIA role, explicit or implicit (a small table covering what the widgets use). */
  role?: string;
  /** The accessible name: a string is matched exactly (whitespace collapsed), a RegExp tested. */
  name?: string | RegExp;
  /** The element's text (whitespace collapsed), exactly or by RegExp; the innermost match wins. */
  text?: string | RegExp;
  /** Only elements inside this one (through shadow roots); its first visible match. */
  within?: Query;
}

type Wire<T> = T extends RegExp ? { re: string; flags: string } : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/** A query as JSON for the page. */
export function toWire(query: Query): Wire<Query> {
  const pattern = (value: string | RegExp | undefined) => (value instanceof RegExp ? { re: value.source, flags: value.flags } : value);
  return {
    ...query,
    name: pattern(query.name),
    text: pattern(query.text),
    within: query.within ? toWire(query.within) : undefined,
  } as Wire<Query>;
}

/** A human description of a query, for failure messages. */
export function describeQuery(query: Query): string {
  const parts: string[] = [];
  if (query.css) parts.push(`css=${query.css}`);
  if (query.role) parts.push(`role=${query.role}`);
  if (query.name !== undefined) parts.push(`name=${String(query.name)}`);
  if (query.text !== undefined) parts.push(`text=${String(query.text)}`);
  const own = parts.join(' ');
  return query.within ? `${describeQuery(query.within)} >> ${own}` : own;
}

/**
 * An expression whose value is `{ all(query), first(query, visibleOnly), visible(el), name(el),
 * role(el), text(el) }`. It is cached on window (one parse per document).
 */
export const DEEP_QUERY = String.raw`(window.__lkQuery || (window.__lkQuery = (() => {
  const collapse = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const matches = (pattern, value) => {
    if (pattern === undefined || pattern === null) return true;
    if (typeof pattern === 'string') return collapse(value) === collapse(pattern);
    return new RegExp(pattern.re, pattern.flags).test(collapse(value));
  };
  /** Every element under root, shadow content right after its host (document order). */
  const walk = (root, out) => {
    for (const element of root.querySelectorAll('*')) {
      out.push(element);
      if (element.shadowRoot) walk(element.shadowRoot, out);
    }
    return out;
  };
  const composedParent = (node) => node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
  const inside = (ancestor, node) => {
    for (let current = node; current; current = composedParent(current)) if (current === ancestor) return true;
    return false;
  };
  const hiddenFromTree = (element) => {
    for (let current = element; current && current.nodeType === 1; current = composedParent(current)) {
      if (current.getAttribute('aria-hidden') === 'true' || current.hidden) return true;
      const style = getComputedStyle(current);
      if (style.display === 'none') return true;
    }
    return getComputedStyle(element).visibility === 'hidden';
  };
  const visible = (element) => {
    if (!element || !element.isConnected) return false;
    if (typeof element.checkVisibility === 'function') {
      if (!element.checkVisibility({ visibilityProperty: true })) return false;
    } else if (hiddenFromTree(element)) {
      return false;
    }
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  const INPUT_ROLES = { checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button', range: 'slider', number: 'spinbutton', search: 'searchbox', hidden: '' };
  const role = (element) => {
    const explicit = (element.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = element.localName;
    switch (tag) {
      case 'a': case 'area': return element.hasAttribute('href') ? 'link' : '';
      case 'button': return 'button';
      case 'input': {
        const type = (element.getAttribute('type') || 'text').toLowerCase();
        if (type in INPUT_ROLES) return INPUT_ROLES[type];
        return element.hasAttribute('list') ? 'combobox' : 'textbox';
      }
      case 'select': return element.multiple || element.size > 1 ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'dialog': return 'dialog';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'aside': return 'complementary';
      case 'section': return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : '';
      case 'form': return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'form' : '';
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'li': return 'listitem';
      case 'img': return element.getAttribute('alt') === '' ? 'presentation' : 'img';
      case 'option': return 'option';
      case 'fieldset': return 'group';
      case 'progress': return 'progressbar';
      case 'output': return 'status';
      case 'table': return 'table';
      case 'hr': return 'separator';
      case 'article': return 'article';
      default: return '';
    }
  };
  const NAME_FROM_CONTENT = new Set(['button', 'link', 'heading', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'cell', 'columnheader', 'rowheader', 'tooltip', 'treeitem']);
  /** Text of a subtree for a name: hidden parts skipped, aria-label and alt used where set. */
  const contentText = (node) => {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1 && node.nodeType !== 11) return '';
    if (node.nodeType === 1) {
      if (node.getAttribute('aria-hidden') === 'true' || node.hidden) return '';
      if (node.localName === 'style' || node.localName === 'script') return '';
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return '';
      const label = collapse(node.getAttribute('aria-label'));
      if (label) return ' ' + label + ' ';
      if (node.localName === 'img') return ' ' + (node.getAttribute('alt') || '') + ' ';
      if (node.localName === 'slot') return node.assignedNodes({ flatten: true }).map(contentText).join('');
    }
    const children = node.nodeType === 1 && node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
    let text = '';
    for (const child of children) text += contentText(child);
    if (node.nodeType === 1 && getComputedStyle(node).display !== 'inline') text = ' ' + text + ' ';
    return text;
  };
  const name = (element) => {
    const labelledBy = (element.getAttribute('aria-labelledby') || '').trim();
    if (labelledBy) {
      const root = element.getRootNode();
      const text = labelledBy.split(/\s+/).map((id) => {
        const label = root.getElementById ? root.getElementById(id) : document.getElementById(id);
        return label ? collapse(label.getAttribute('aria-label')) || contentText(label) : '';
      }).join(' ');
      if (collapse(text)) return collapse(text);
    }
    const label = collapse(element.getAttribute('aria-label'));
    if (label) return label;
    const tag = element.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const type = (element.getAttribute('type') || '').toLowerCase();
      if (type === 'button' || type === 'submit' || type === 'reset') return collapse(element.value);
      const labels = element.labels ? [...element.labels] : [];
      const text = collapse(labels.map(contentText).join(' '));
      if (text) return text;
      const fallback = collapse(element.getAttribute('title') || element.getAttribute('placeholder'));
      if (fallback) return fallback;
    }
    if (tag === 'img') return collapse(element.getAttribute('alt') || element.getAttribute('title'));
    if (tag === 'fieldset') {
      const legend = element.querySelector(':scope > legend');
      if (legend) return collapse(contentText(legend));
    }
    if (tag === 'dialog' || tag === 'section' || tag === 'table') {
      // Named by aria-* only (above).
    } else if (NAME_FROM_CONTENT.has(role(element))) {
      const text = collapse(contentText(element));
      if (text) return text;
    }
    return collapse(element.getAttribute('title'));
  };
  const text = (element) => collapse(contentText(element));
  const all = (query) => {
    let scope = null;
    if (query.within) {
      scope = first(query.within, true);
      if (!scope) return [];
    }
    const found = walk(document, []).filter((element) => {
      if (scope && (element === scope || !inside(scope, element))) return false;
      if (query.css && !element.matches(query.css)) return false;
      if (query.role && (role(element) !== query.role || hiddenFromTree(element))) return false;
      if (query.name !== undefined && !matches(query.name, name(element))) return false;
      if (query.text !== undefined && !matches(query.text, text(element))) return false;
      return true;
    });
    if (query.text === undefined) return found;
    // The innermost element with that text, not every ancestor of it.
    return found.filter((element) => !found.some((other) => other !== element && inside(element, other)));
  };
  const first = (query, visibleOnly) => {
    const found = all(query);
    return (visibleOnly ? found.find(visible) : found[0]) || null;
  };
  return { all, first, visible, name, role, text, inside };
})()))`;

/**
 * Page script (plain JavaScript) that records CSP violations and leadkit's events into the
 * `record` in its scope: part of this file's INSTRUMENT and of test/e2e/harness.ts's.
 */
export const RECORD_CSP_AND_EVENTS = String.raw`document.addEventListener('securitypolicyviolation', (event) => {
    record.csp.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
  }, true);
  for (const type of ['lk-load', 'lk-error', 'lk-navigate']) {
    document.addEventListener(type, (event) => {
      const target = event.target;
      record.events.push({ type, target: (target && (target.id || target.localName)) || '', detail: event.detail });
    }, true);
  }`;

/**
 * Instrumentation every HTML page loads first (served by the proxy as a same-origin script, so
 * even the strict-CSP page runs it): CSP violations, leadkit's lk-* events, and errors (console.
 * error calls, uncaught errors, unhandled rejections). Errors go to sessionStorage so that a
 * navigation in the same tab keeps them; the rest lives on `window.__lk`.
 */
export const INSTRUMENT = String.raw`(() => {
  if (window.__lk) return;
  const record = { csp: [], events: [] };
  window.__lk = record;
  const KEY = '__lkEngineErrors';
  const keep = (line) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      // The page it came from, as the other drivers name it (driver.ts withPage).
      list.push(String(line).slice(0, 500) + ' (on ' + location.pathname + location.search + ')');
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (error) {
      (window.__lkErrors = window.__lkErrors || []).push(String(line) + ' (on ' + location.pathname + location.search + ')');
    }
  };
  const original = console.error;
  console.error = function (...args) {
    keep(args.map((arg) => (arg && arg.stack) || String(arg)).join(' '));
    return original.apply(this, args);
  };
  window.addEventListener('error', (event) => {
    if (event.error || event.message) keep('pageerror: ' + (event.message || String(event.error)));
  });
  window.addEventListener('unhandledrejection', (event) => keep('unhandledrejection: ' + ((event.reason && event.reason.message) || String(event.reason))));
  ${RECORD_CSP_AND_EVENTS}
})();`;

/** A board card's date · category · place line as laid out (CARD_META_LINES). */
export interface CardMetaLine {
  id: string;
  /** Whole in the line's first row, on its hidden second row, clipped, or not there. */
  date: 'whole' | 'hidden' | 'clipped' | 'none';
  place: 'whole' | 'hidden' | 'clipped' | 'none';
  /** The category's width in px (it may end in an ellipsis, never vanish). */
  category: number;
}

/** Every board card's date · category · place line on the page (through shadow roots), as CardMetaLine[]. */
export const CARD_META_LINES = String.raw`(() => {
  const lines = [];
  const walk = (root) => { for (const element of root.querySelectorAll('*')) { if (element.matches('.lk-card__meta')) lines.push(element); if (element.shadowRoot) walk(element.shadowRoot); } };
  walk(document);
  return lines.map((meta) => {
    const line = meta.getBoundingClientRect();
    const seen = (element) => {
      if (!element) return 'none';
      const box = element.getBoundingClientRect();
      if (box.top >= line.bottom - 0.5) return 'hidden';
      return box.left >= line.left - 0.5 && box.right <= line.right + 0.5 && element.scrollWidth <= Math.ceil(box.width) ? 'whole' : 'clipped';
    };
    const [date, category] = [meta.querySelector('.lk-card__when > time'), meta.querySelector('.lk-card__category')];
    return { id: meta.closest('[data-lead-id]').getAttribute('data-lead-id'), date: seen(date), category: Math.round(category ? category.getBoundingClientRect().width : 0), place: seen(meta.querySelector('.lk-card__place')) };
  });
})()`;

/** What is wrong with each line on a phone: the date not whole, the category squeezed away, the place clipped to a stub. */
export function cardMetaLineProblems(lines: readonly CardMetaLine[], width: number): string[] {
  return lines.flatMap(({ id, date, category, place }) => [
    ...(date === 'whole' ? [] : [`${width} px, lead ${id}: the date is ${date}`]),
    ...(category > 20 ? [] : [`${width} px, lead ${id}: the category is ${category} px wide`]),
    ...(place === 'clipped' ? [`${width} px, lead ${id}: the place is clipped`] : []),
  ]);
}

/** The newest own message's state line as laid out with a given word (OWN_STAMP_LAYOUTS). */
export interface OwnStampLayout {
  word: string;
  /** From the time's end to the line's end (its padding), px. */
  right: number;
  /** The time's left edge (its text's), px. */
  x: number;
  /** Room between the word's end and the time's text, where ' · ' stands, px. */
  gap: number;
  /** The time inside the line, not clipped. */
  whole: boolean;
  height: number;
}

/** The longest time the thread's format gives (a Wednesday in September). */
export const LONGEST_MESSAGE_TIME = 'Wednesday, September 30, 2026 12:59 AM';

/**
 * The last own message's state line in the page (through shadow roots) with the longest time,
 * measured beside each word its state can show ('Sending…', 'Delivered', 'Read'), as
 * OwnStampLayout[] — the words and the time are set in place, then measured: layout only, the
 * date of the run aside. A line without a word gets one, as the newest message's has.
 */
export const OWN_STAMP_LAYOUTS = String.raw`(() => {
  let line = null;
  const walk = (root) => { for (const element of root.querySelectorAll('*')) { if (element.matches('[part="message-time"][data-own="true"]')) line = element; if (element.shadowRoot) walk(element.shadowRoot); } };
  walk(document);
  if (!line) return null;
  const time = line.querySelector('span:not([part])');
  let word = line.querySelector('[part="message-state"]');
  if (!word) {
    word = document.createElement('span');
    word.className = 'lk-msg__receipt';
    word.setAttribute('part', 'message-state');
    line.insertBefore(word, time);
  }
  time.textContent = ${JSON.stringify(LONGEST_MESSAGE_TIME)};
  return ['Sending…', 'Delivered', 'Read'].map((text) => {
    word.textContent = text;
    const box = line.getBoundingClientRect();
    const timeBox = time.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(time);
    const textBox = range.getBoundingClientRect();
    return { word: text, right: Math.round(box.right - timeBox.right), x: Math.round(textBox.left), gap: Math.round(textBox.left - word.getBoundingClientRect().right), whole: timeBox.left >= box.left - 0.5 && timeBox.right <= box.right + 0.5 && time.scrollWidth <= Math.ceil(timeBox.width), height: Math.round(box.height) };
  });
})()`;

/** What is wrong with those layouts: the time clipped, moving with the word, off the line's end, without its separator, or the line wrapping. */
export function ownStampProblems(layouts: readonly OwnStampLayout[] | null): string[] {
  if (!layouts?.length) return ['no own message state line found'];
  const [first] = layouts as [OwnStampLayout];
  return layouts.flatMap(({ word, right, x, gap, whole, height }) => [
    ...(whole ? [] : [`beside '${word}' the time is clipped`]),
    // ' · ' (about 9 px at the line's 12 px) stands between the word and the time, not inside
    // the word's box, where a word cut short takes it with it ('Deliv… Wednesday, …').
    ...(gap >= 6 ? [] : [`beside '${word}' no ' · ' between the word and the time (${gap} px)`]),
    ...(x === first.x ? [] : [`beside '${word}' the time moved ${x - first.x} px`]),
    ...(right <= 5 && right >= 0 ? [] : [`beside '${word}' the time ends ${right} px before the line's end`]),
    ...(height === first.height ? [] : [`beside '${word}' the line is ${height} px high, not ${first.height}`]),
  ]);
}

/** What running Twilio's SDK chunk in a page did (TWILIO_SDK_RUN). */
export interface TwilioSdkRun {
  /** How many built-ins (globals, their own properties and their prototypes') were compared. */
  checked: number;
  /** Built-ins the SDK's evaluation replaced or added (core-js would). */
  changed: string[];
  /** The client's connection states, in order. */
  states: string[];
}

/**
 * Imports Twilio's SDK from the CDN chunk `chunk` (the page's own import), compares the page's
 * built-ins before and after, then starts a client with a made-up token (its socket to `socket`,
 * or Twilio's own address) and records its connection states for 100 ms. A TwilioSdkRun.
 */
export function twilioSdkRun(chunk: string, socket?: string): string {
  const options = socket ? `{ logLevel: 'silent', twilsock: { uri: ${JSON.stringify(socket)} } }` : `{ logLevel: 'silent' }`;
  return String.raw`(async () => {
  const roots = ['Array', 'ArrayBuffer', 'Uint8Array', 'Object', 'Number', 'String', 'RegExp', 'Symbol', 'Promise', 'Map', 'Set', 'WeakSet', 'JSON', 'Reflect', 'URL', 'URLSearchParams', 'Function', 'NodeList', 'DOMTokenList'];
  const builtIns = () => {
    const found = new Map();
    const record = (name, target) => {
      if (!target) return;
      for (const key of Reflect.ownKeys(target)) {
        const descriptor = Object.getOwnPropertyDescriptor(target, key);
        found.set(name + '.' + String(key), descriptor.get || descriptor.value);
      }
    };
    for (const name of roots) {
      found.set(name, globalThis[name]);
      record(name, globalThis[name]);
      record(name + '.prototype', globalThis[name] && globalThis[name].prototype);
    }
    record('TypedArray.prototype', Object.getPrototypeOf(Uint8Array.prototype));
    return found;
  };
  const before = builtIns();
  const sdk = await import(${JSON.stringify(chunk)});
  const after = builtIns();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((key) => !Object.is(before.get(key), after.get(key)));
  const client = new sdk.default.Client('header.payload.signature', ${options});
  const states = [];
  client.on('connectionStateChanged', (state) => states.push(state));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { checked: before.size, changed, states };
})()`;
}

/** A rendered text field, text area or select and its computed text size (TEXT_FIELD_SIZES). */
export interface TextFieldSize {
  /** Its accessible-ish name: aria-label, its label's text, or its placeholder. */
  name: string;
  /** The tag and type, e.g. `input[search]`, `textarea`, `select`. */
  kind: string;
  fontSize: number;
}

/**
 * Every rendered control the user types into or picks from with the system picker (text-like
 * inputs, text areas, selects) on the page, through shadow roots, with its font size in px.
 * iOS Safari zooms the page into any such control under 16 px when it takes focus.
 */
export const TEXT_FIELD_SIZES = String.raw`(() => {
  const fields = [];
  const skip = new Set(['checkbox', 'radio', 'hidden', 'file', 'range', 'button', 'submit', 'reset', 'color', 'image']);
  const walk = (root) => {
    for (const element of root.querySelectorAll('*')) {
      const tag = element.localName;
      if ((tag === 'input' && !skip.has(element.type)) || tag === 'textarea' || tag === 'select') {
        if (element.getClientRects().length > 0) fields.push(element);
      }
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return fields.map((field) => {
    const label = field.labels && field.labels[0] ? field.labels[0].textContent : '';
    return {
      name: (field.getAttribute('aria-label') || label || field.getAttribute('placeholder') || '').replace(/\s+/g, ' ').trim(),
      kind: field.localName === 'input' ? 'input[' + field.type + ']' : field.localName,
      fontSize: parseFloat(getComputedStyle(field).fontSize),
    };
  });
})()`;
