/**
 * Firefox ESR (WebDriver BiDi) and Chromium (CDP) through puppeteer-core, with Debian's
 * browsers: never a downloaded one (no `npx puppeteer browsers install`, no geckodriver).
 * FIREFOX_PATH overrides the Firefox binary (else `firefox-esr`, then `firefox`, on PATH);
 * Chromium is test/helpers/browser.ts's (CHROME_PATH, else Debian's).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../helpers/browser';
import { BaseDriver, FIRST_ENABLED, pageOf, withPage, type EngineName, type Viewport } from './driver';
import { toWire, type Query } from './in-page';

export function resolveFirefoxPath(): string {
  const override = process.env.FIREFOX_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`FIREFOX_PATH=${override} does not exist.`);
    return realpathSync(override);
  }
  for (const name of ['firefox-esr', 'firefox']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  throw new Error("No Firefox found: install Debian's (apt-get install -y firefox-esr) or set FIREFOX_PATH. Never download one.");
}

class PuppeteerDriver extends BaseDriver<ElementHandle<Element>> {
  private errors: string[] = [];
  /** The navigation under way (`goto`), so an error reported meanwhile names both pages. */
  private leaving: { from: string; to: string } | null = null;

  constructor(
    readonly engine: EngineName,
    readonly version: string,
    private readonly browser: Browser,
    private readonly page: Page,
  ) {
    super();
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(withPage(message.text(), this.where()));
    });
    page.on('pageerror', (error) => this.errors.push(withPage(`pageerror: ${error instanceof Error ? error.message : String(error)}`, this.where())));
  }

  /** Which page an error came from: the tab's URL, or both pages while one is left for another. */
  private where(): string {
    return this.leaving ? `${pageOf(this.leaving.from)} → ${pageOf(this.leaving.to)}` : pageOf(this.page.url());
  }

  async setViewport({ width, height }: Viewport): Promise<void> {
    await this.page.setViewport({ width, height, deviceScaleFactor: 1 });
  }

  async goto(url: string): Promise<void> {
    this.leaving = { from: this.page.url(), to: url };
    try {
      await this.page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    } finally {
      this.leaving = null;
    }
  }

  evaluate<R>(body: string, ...args: unknown[]): Promise<R> {
    // Puppeteer sends a function as its source text: `function anonymous(\n) {\n…\n}`.
    return this.page.evaluate(new Function(body) as (...values: unknown[]) => R, ...args) as Promise<R>;
  }

  protected async elementFor(query: Query): Promise<ElementHandle<Element> | null> {
    const handle = await this.page.evaluateHandle(new Function(FIRST_ENABLED) as (wire: unknown) => Element | null, toWire(query));
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) await handle.dispose();
    return element;
  }

  protected async clickElement(element: ElementHandle<Element>): Promise<void> {
    try {
      await element.click();
    } finally {
      await element.dispose().catch(() => undefined);
    }
  }

  protected async typeInto(element: ElementHandle<Element>, text: string): Promise<string> {
    const field = element as ElementHandle<HTMLInputElement | HTMLTextAreaElement>;
    try {
      await field.focus();
      if (await field.evaluate((el) => el.value !== '')) {
        await field.evaluate((el) => el.select());
        await this.page.keyboard.press('Backspace');
      }
      await this.page.keyboard.type(text);
      return await field.evaluate((el) => el.value);
    } finally {
      await element.dispose().catch(() => undefined);
    }
  }

  protected async selectIn(element: ElementHandle<Element>, value: string): Promise<void> {
    try {
      const chosen = await (element as ElementHandle<HTMLSelectElement>).select(value);
      if (!chosen.includes(value)) throw new Error(`no option with value ${value}`);
    } finally {
      await element.dispose().catch(() => undefined);
    }
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }

  async consoleErrors(): Promise<string[]> {
    return [...this.errors];
  }

  async clearConsoleErrors(): Promise<void> {
    this.errors = [];
  }

  async grantNotifications(origin: string): Promise<void> {
    await this.browser.defaultBrowserContext().overridePermissions(origin, ['notifications']);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}

async function open(engine: 'firefox' | 'chromium', browser: Browser, viewport: Viewport): Promise<PuppeteerDriver> {
  try {
    // One page for the whole file (a second about:blank tab would only cost memory).
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    page.setDefaultTimeout(30_000);
    const driver = new PuppeteerDriver(engine, await browser.version(), browser, page);
    await driver.setViewport(viewport);
    return driver;
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

export async function launchFirefox(viewport: Viewport): Promise<PuppeteerDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: resolveFirefoxPath(),
    headless: true,
    protocolTimeout: 60_000,
    extraPrefsFirefox: {
      // No first-run pages, no update or telemetry traffic during a test run.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'browser.aboutwelcome.enabled': false,
    },
  });
  return open('firefox', browser, viewport);
}

export async function launchPuppeteerChromium(viewport: Viewport): Promise<PuppeteerDriver> {
  const browser = await puppeteer.launch({
    browser: 'chrome',
    executablePath: resolveChromiumPath(),
    headless: true,
    protocolTimeout: 60_000,
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
  });
  return open('chromium', browser, viewport);
}
