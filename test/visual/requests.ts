/** The visual snapshots' (test/visual/suite.ts) count of a page's requests in flight. */
import type { Page } from 'playwright-core';

/** The page's requests in flight (a widget's lazy part, an image), and a wait for none. */
export class Requests {
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  constructor(page: Page) {
    page.on('request', () => this.inFlight++);
    const done = () => {
      this.inFlight = Math.max(0, this.inFlight - 1);
      if (this.inFlight === 0) for (const resolve of this.waiters.splice(0)) resolve();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }
  get idle(): boolean {
    return this.inFlight === 0;
  }
  /** Resolves once nothing is in flight. */
  whenIdle(): Promise<void> {
    return this.idle ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
