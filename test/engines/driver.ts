/**
 * One small driver interface over three automation protocols, so one journey runs in every
 * engine: Firefox ESR through puppeteer-core over WebDriver BiDi, WebKitGTK's MiniBrowser
 * through selenium-webdriver over classic WebDriver (./webkit.ts), and Chromium through
 * puppeteer-core over CDP (./puppeteer.ts). Elements are found by the in-page DEEP_QUERY
 * (./in-page.ts), the same code in every engine; everything waits for a state, polling the page.
 */
import { DEEP_QUERY, describeQuery, toWire, type Query } from './in-page';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface Viewport {
  width: number;
  height: number;
}

/** A generous bound for one UI state on a busy two-core machine (a bound, never a sleep). */
export const UI_TIMEOUT_MS = 15_000;
const POLL_MS = 100;

export interface EngineDriver {
  readonly engine: EngineName;
  /** Browser name and version, as the browser reports it. */
  readonly version: string;
  /** The size of the page's viewport (CSS pixels). */
  setViewport(size: Viewport): Promise<void>;
  /** Navigates and waits for the document's load event. */
  goto(url: string): Promise<void>;
  /**
   * Runs `body` as a function body in the page (`arguments` are `args`; elements from
   * `element()` may be passed) and returns its result, awaited when it is a promise.
   */
  evaluate<T>(body: string, ...args: unknown[]): Promise<T>;
  /** Polls `body` until it returns a truthy value, and returns that value. */
  waitUntil<T>(body: string, args?: unknown[], options?: { timeout?: number; message?: string }): Promise<T>;
  /** Waits until an element matching `query` is visible (or, with `state`, attached/gone). */
  waitFor(query: Query, options?: { state?: 'visible' | 'attached' | 'detached' | 'hidden'; timeout?: number }): Promise<void>;
  /** Clicks the first visible, enabled match (retried while it is re-rendered or covered). */
  click(query: Query): Promise<void>;
  /**
   * Focuses the first visible match and types `text` key by key; the field then holds exactly
   * `text`, or `shows` for a field that formats what is typed (a try whose keys were cut off
   * or lost is typed again from an empty field).
   */
  type(query: Query, text: string, shows?: string): Promise<void>;
  /** Chooses the option with this value in a <select>, as a user would. */
  selectOption(query: Query, value: string): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  /**
   * Console errors and uncaught page errors since the last clear, each ending in the page it came
   * from (`withPage`): a journey through five pages says which one.
   */
  consoleErrors(): Promise<string[]>;
  clearConsoleErrors(): Promise<void>;
  /**
   * Grants `origin` the notifications permission, as a pro who allowed them (the browser's own
   * automation: puppeteer's `overridePermissions`); absent where the protocol cannot (WebKitWebDriver).
   */
  grantNotifications?(origin: string): Promise<void>;
  close(): Promise<void>;
}

/** A page's URL as an error names it: path and query (the origin is the one proxy's), or the URL as it is (about:blank). */
export function pageOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

/** A collected error with the page it came from: `<message> (on <page>)`. */
export const withPage = (message: string, page: string): string => `${message} (on ${page})`;

/** A collected error's message without its page (what a test may allow by its text). */
export const messageOf = (line: string): string => line.replace(/ \(on [^()]*\)$/, '');

/** The deep query's call for a function body: `q` is the query helper. */
export const withQuery = (body: string) => `const q = ${DEEP_QUERY};\n${body}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What each protocol supplies; the waiting, retrying and querying are shared. `T` is the
 * protocol's element reference.
 */
export abstract class BaseDriver<T> implements EngineDriver {
  abstract readonly engine: EngineName;
  abstract readonly version: string;
  abstract setViewport(size: Viewport): Promise<void>;
  abstract goto(url: string): Promise<void>;
  abstract evaluate<R>(body: string, ...args: unknown[]): Promise<R>;
  abstract screenshot(): Promise<Buffer>;
  abstract consoleErrors(): Promise<string[]>;
  abstract clearConsoleErrors(): Promise<void>;
  abstract close(): Promise<void>;
  /** The first visible, enabled match as an element reference, or null. */
  protected abstract elementFor(query: Query): Promise<T | null>;
  protected abstract clickElement(element: T): Promise<void>;
  /** Empties the field if it holds anything (keys a user would press), types `text`, returns the field's value. */
  protected abstract typeInto(element: T, text: string): Promise<string>;
  protected abstract selectIn(element: T, value: string): Promise<void>;

  async waitUntil<R>(body: string, args: unknown[] = [], { timeout = UI_TIMEOUT_MS, message = body }: { timeout?: number; message?: string } = {}): Promise<R> {
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    for (;;) {
      try {
        const value = await this.evaluate<R>(body, ...args);
        if (value) return value;
        lastError = undefined;
      } catch (error) {
        // A navigation or re-render between two polls: poll again.
        lastError = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${message}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
      }
      await sleep(POLL_MS);
    }
  }

  async waitFor(
    query: Query,
    { state = 'visible', timeout = UI_TIMEOUT_MS }: { state?: 'visible' | 'attached' | 'detached' | 'hidden'; timeout?: number } = {},
  ): Promise<void> {
    const checks = {
      visible: 'return q.all(arguments[0]).some(q.visible);',
      attached: 'return q.all(arguments[0]).length > 0;',
      detached: 'return q.all(arguments[0]).length === 0;',
      hidden: 'return !q.all(arguments[0]).some(q.visible);',
    };
    try {
      await this.waitUntil(withQuery(checks[state]), [toWire(query)], { timeout, message: `${describeQuery(query)} to be ${state}` });
    } catch (error) {
      // Say what the page showed instead (a stuck state and a slow one read differently in a CI log).
      const shown = await this.evaluate<string>(PAGE_TEXT).catch(() => '(the page could not be read)');
      throw new Error(`${error instanceof Error ? error.message : String(error)}; the page showed: ${shown}`, { cause: error });
    }
  }

  /** Finds the element and acts on it, again while it is being replaced or covered. */
  private async act(query: Query, what: string, action: (element: T) => Promise<void>): Promise<void> {
    const deadline = Date.now() + UI_TIMEOUT_MS;
    let lastError: unknown = new Error('no visible, enabled match');
    for (;;) {
      const element = await this.elementFor(query).catch((error: unknown) => {
        lastError = error;
        return null;
      });
      if (element) {
        try {
          await action(element);
          return;
        } catch (error) {
          lastError = error;
        }
      }
      if (Date.now() > deadline) throw new Error(`${this.engine}: could not ${what} ${describeQuery(query)} within ${UI_TIMEOUT_MS} ms: ${String(lastError)}`);
      await sleep(POLL_MS);
    }
  }

  click(query: Query): Promise<void> {
    return this.act(query, 'click', (element) => this.clickElement(element));
  }

  type(query: Query, text: string, shows = text): Promise<void> {
    return this.act(query, 'type into', async (element) => {
      const shown = await this.typeInto(element, text);
      if (shown === shows) return;
      // Seen once in CI (WebKitGTK on a loaded machine): '1600 Larimer St' typed, '0' in the
      // field. Said in the log, and typed again (from an empty field) until the deadline.
      const problem = `${this.engine}: the field holds ${JSON.stringify(shown)} after typing ${JSON.stringify(text)}`;
      console.warn(problem);
      throw new Error(problem);
    });
  }

  selectOption(query: Query, value: string): Promise<void> {
    return this.act(query, 'select an option in', (element) => this.selectIn(element, value));
  }
}

/** What the page's widgets show (each shadow root's text, nested ones too), else the page's text: 600 characters. */
const PAGE_TEXT = `
  const parts = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (!el.shadowRoot) continue;
      parts.push('[' + el.localName + ': ' + (el.shadowRoot.textContent || '').replace(/\\s+/g, ' ').trim() + ']');
      walk(el.shadowRoot);
    }
  };
  walk(document);
  return parts.join(' ').slice(0, 600) || (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').slice(0, 600);
`;

/** The body that returns the first visible, enabled match (an element reference) or null. */
export const FIRST_ENABLED = withQuery(`
  const found = q.all(arguments[0]).filter(q.visible);
  return found.find((el) => !(el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true')) || null;
`);
