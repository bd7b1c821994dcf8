import { expect } from 'storybook/test';

/**
 * Toolbar values a story pins (its `globals`: Storybook shows them fixed in the toolbar, and the
 * storybook tests run the story under them): the variants that exist to be seen at a phone's width
 * or in the dark theme, whatever the reviewer's toolbar says.
 */
export const PHONE = { viewport: { value: 'phone', isRotated: false } } as const;
/** A story about a wide page (what shows only past a phone's width). */
export const DESKTOP = { viewport: { value: 'desktop', isRotated: false } } as const;
export const DARK = { theme: 'dark' } as const;

/** Nothing of the element reaches past the viewport's width (no sideways scroll on a phone). */
export async function expectWithinViewport(host: Element): Promise<void> {
  await expect(Math.ceil(host.getBoundingClientRect().right)).toBeLessThanOrEqual(document.documentElement.clientWidth);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
}

/**
 * The toolbar's Fault pinned to 'No fault': a story not about data (stories/support/faults.ts) —
 * about a step, a fault of its own, or a part with no gateway call.
 */
export const NO_FAULT = { fault: 'none' } as const;
