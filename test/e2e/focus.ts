import type { Locator, Page } from 'playwright-core';

/* Keyboard and focus helpers for e2e tests (focus is followed through shadow roots). */

/** Whether this element is the focused one (document.activeElement, through shadow roots). */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });
}

/** A short description of the focused element (through shadow roots), for failure messages. */
export function focusedDescription(target: Page): Promise<string> {
  return target.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return '(nothing)';
    const name = active.getAttribute('aria-label') ?? (active.textContent ?? '').trim().slice(0, 40);
    return `${active.localName}${active.getAttribute('role') ? `[role=${active.getAttribute('role')}]` : ''} "${name}"`;
  });
}

/** Presses Tab (keyboard only) until `target` has focus; fails after `max` presses. */
export async function tabTo(target: Locator, max = 60): Promise<number> {
  await target.waitFor({ state: 'visible' });
  const keyboard = target.page().keyboard;
  for (let presses = 1; presses <= max; presses++) {
    await keyboard.press('Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses (focus on ${await focusedDescription(target.page())})`);
}
