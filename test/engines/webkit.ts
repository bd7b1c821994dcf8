/**
 * WebKit (Safari's engine) as WebKitGTK's MiniBrowser, driven by WebKitWebDriver over classic
 * WebDriver with selenium-webdriver, all from Debian (apt-get install webkit2gtk-driver xvfb).
 *
 * MiniBrowser has no headless mode: each launch starts its own Xvfb (`-displayfd` picks a free
 * display, so parallel files and CI need no xvfb-run wrapper), then WebKitWebDriver on a free
 * port with DISPLAY set, then a session. Both run in their own process group and are ended
 * by it on close (MiniBrowser is WebKitWebDriver's child), and at the latest when this process
 * exits.
 *
 * MiniBrowser's toolbar makes its window at least ≈ 447 px wide, wider than a phone: a GTK
 * style sheet (XDG_CONFIG_HOME of the launch) shrinks the toolbar so the window can be 390 px;
 * the viewport is then set by the window size less the toolbar's height, measured.
 *
 * What WebDriver lacks is supplied by the proxy (./proxy.ts): there is no init-script command
 * and no console log, so console errors come from the instrumentation the proxy puts in each
 * page (console.error calls, uncaught errors, unhandled rejections — not the browser's own
 * network messages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { BaseDriver, FIRST_ENABLED, type Viewport } from './driver';
import { toWire, type Query } from './in-page';

const HOW_TO = 'Install it: apt-get install -y webkit2gtk-driver xvfb xauth (never a downloaded browser).';

/** The MiniBrowser of Debian's libwebkit2gtk-4.1-0 (its multiarch lib folder); WEBKIT_MINIBROWSER overrides. */
export function resolveMiniBrowserPath(): string {
  const override = process.env.WEBKIT_MINIBROWSER;
  if (override) {
    if (!existsSync(override)) throw new Error(`WEBKIT_MINIBROWSER=${override} does not exist.`);
    return override;
  }
  const candidates = ['/usr/libexec/webkit2gtk-4.1/MiniBrowser'];
  for (const entry of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) candidates.push(path.join('/usr/lib', entry, 'webkit2gtk-4.1', 'MiniBrowser'));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No WebKitGTK MiniBrowser found. ${HOW_TO}`);
  return found;
}

/** Shrinks MiniBrowser's toolbar (GTK widgets only; web content is not styled by it). */
const GTK_CSS = `headerbar, headerbar *, toolbar, toolbar *, .titlebar, .titlebar *, entry, button, progressbar {
  font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0;
}
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Ends a detached child's whole process group (nothing else). */
function endGroup(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  // fd 3 receives the display number Xvfb picked.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Xvfb printed no display within 20 s: ${stderr}`)), 20_000);
    let out = '';
    (xvfb.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    xvfb.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb did not start (${error.message}). ${HOW_TO}`));
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${stderr}`));
    });
  });
  return { display, process: xvfb };
}

async function startWebDriver(display: string, configHome: string): Promise<{ url: string; process: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn('WebKitWebDriver', [`--port=${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: configHome, GDK_BACKEND: 'x11' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`WebKitWebDriver did not start (${error.message}). ${HOW_TO}`)));
    child.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${output}`)));
  });
  failed.catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/status`)
        .then((response) => response.ok)
        .catch(() => false),
      failed,
    ]);
    if (ready) return { url, process: child, output: () => output };
    if (Date.now() > deadline) {
      endGroup(child);
      throw new Error(`WebKitWebDriver did not answer on ${url} within 20 s: ${output}`);
    }
    await sleep(100);
  }
}

const ERRORS_KEY = '__lkEngineErrors';

/** How long a window resize may take before it counts as hung (it takes well under a second alone). */
const SET_RECT_BOUND_MS = 20_000;

class WebKitDriver extends BaseDriver<WebElement> {
  readonly engine = 'webkit' as const;

  constructor(
    readonly version: string,
    private readonly session: WebDriver,
    private readonly cleanup: () => Promise<void>,
  ) {
    super();
  }

  async setViewport({ width, height }: Viewport): Promise<void> {
    // The window holds the toolbar too: size it, measure the viewport, correct by the
    // difference. Without a window manager the web view may take a moment to follow a resize,
    // so the measure is taken again until it settles.
    const inner = () => this.session.executeScript<[number, number]>('return [innerWidth, innerHeight]');
    let rect = { width, height };
    let measured: [number, number] = [0, 0];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      // Bounded: in two full CI runs WebKitWebDriver stopped answering from the 320 px journey on,
      // and every later command of the file waited minutes. The bound names the command that hung.
      const asked = { ...rect };
      let bound: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.session
          .manage()
          .window()
          .setRect({ x: 0, y: 0, ...asked }),
        new Promise<never>((_, reject) => {
          bound = setTimeout(
            () =>
              reject(
                new Error(`webkit: Set Window Rect ${asked.width}×${asked.height} did not return in ${SET_RECT_BOUND_MS / 1000} s (WebKitWebDriver hung)`),
              ),
            SET_RECT_BOUND_MS,
          );
        }),
      ]).finally(() => clearTimeout(bound));
      for (let settle = 0; settle < 20; settle++) {
        const before = measured;
        measured = await inner();
        if (measured[0] === width && measured[1] === height) return;
        if (measured[0] === before[0] && measured[1] === before[1]) break;
        await sleep(50);
      }
      rect = { width: rect.width + (width - measured[0]), height: rect.height + (height - measured[1]) };
    }
    throw new Error(`webkit: the viewport is ${measured[0]}×${measured[1]}, not ${width}×${height}`);
  }

  async goto(url: string): Promise<void> {
    // WebDriver's Navigate To returns once the page has loaded (the default page load strategy).
    await this.session.get(url);
  }

  async evaluate<R>(body: string, ...args: unknown[]): Promise<R> {
    // W3C Execute Script awaits a returned promise.
    return (await this.session.executeScript(body, ...args)) as R;
  }

  protected async elementFor(query: Query): Promise<WebElement | null> {
    return (await this.session.executeScript(FIRST_ENABLED, toWire(query))) as WebElement | null;
  }

  protected async clickElement(element: WebElement): Promise<void> {
    // Scrolled to first, and a frame later clicked, as a user would: a closed board card off
    // screen is not rendered (`content-visibility: auto`) until it comes near, and WebKit's
    // Element Click finds nothing to hit inside it in the frame it scrolls it in.
    await this.session.executeScript(
      'arguments[0].scrollIntoView({ block: "center" }); return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));',
      element,
    );
    await element.click();
  }

  protected async typeInto(element: WebElement, text: string): Promise<string> {
    if (await this.session.executeScript<boolean>('return arguments[0].value !== ""', element)) {
      // Selected, then deleted: Send Keys keeps a selection it finds (it moves the caret to the
      // end only when the selection ends at 0).
      await this.session.executeScript('arguments[0].focus(); arguments[0].select();', element);
      await element.sendKeys(Key.BACK_SPACE);
    }
    await element.sendKeys(text);
    return this.session.executeScript<string>('return arguments[0].value', element);
  }

  protected async selectIn(element: WebElement, value: string): Promise<void> {
    const option = (await this.session.executeScript(
      'return [...arguments[0].options].find((option) => option.value === arguments[1]) || null',
      element,
      value,
    )) as WebElement | null;
    if (!option) throw new Error(`no option with value ${value}`);
    // WebDriver's Element Click on an <option> selects it (and fires input and change).
    await option.click();
    const chosen = await this.session.executeScript<string>('return arguments[0].value', element);
    if (chosen !== value) throw new Error(`the select shows ${chosen}, not ${value}`);
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.session.takeScreenshot(), 'base64');
  }

  async consoleErrors(): Promise<string[]> {
    return this.session.executeScript<string[]>(`
      let kept = [];
      try { kept = JSON.parse(sessionStorage.getItem('${ERRORS_KEY}') || '[]'); } catch (error) { kept = []; }
      return kept.concat(window.__lkErrors || []);
    `);
  }

  async clearConsoleErrors(): Promise<void> {
    await this.session.executeScript(`try { sessionStorage.removeItem('${ERRORS_KEY}'); } catch (error) {} window.__lkErrors = [];`);
  }

  async close(): Promise<void> {
    await this.cleanup();
  }
}

export async function launchWebKit(viewport: Viewport): Promise<WebKitDriver> {
  const binary = resolveMiniBrowserPath();
  const configHome = mkdtempSync(path.join(tmpdir(), 'leadkit-webkit-'));
  mkdirSync(path.join(configHome, 'gtk-3.0'));
  writeFileSync(path.join(configHome, 'gtk-3.0', 'gtk.css'), GTK_CSS);
  let xvfb: ChildProcess | undefined;
  let webdriver: ChildProcess | undefined;
  let session: WebDriver | undefined;
  const endAll = () => {
    endGroup(webdriver, 'SIGKILL');
    endGroup(xvfb, 'SIGKILL');
  };
  process.once('exit', endAll);
  const cleanup = async () => {
    await session?.quit().catch(() => undefined);
    endGroup(webdriver);
    endGroup(xvfb);
    process.removeListener('exit', endAll);
    rmSync(configHome, { recursive: true, force: true });
  };
  try {
    const x = await startXvfb();
    xvfb = x.process;
    const server = await startWebDriver(x.display, configHome);
    webdriver = server.process;
    session = await new Builder()
      .usingServer(server.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary, args: ['--automation'] },
      })
      .build();
    await session.manage().setTimeouts({ script: 60_000, pageLoad: 30_000 });
    const capabilities = await session.getCapabilities();
    const version = `WebKitGTK ${String(capabilities.get('browserVersion') ?? '?')} (MiniBrowser)`;
    const driver = new WebKitDriver(version, session, cleanup);
    await driver.setViewport(viewport);
    return driver;
  } catch (error) {
    await cleanup();
    throw error;
  }
}
