/**
 * `react` and `react-dom` in the lite CDN flavour (vite.cdn.config.ts aliases them here):
 * preact/compat, with one hook replaced.
 *
 * Preact's `useId` numbers ids per root or async boundary ('P0-0', 'P0-1'…), and on the board its
 * lazily loaded parts repeated each other's ids in one shadow root: the filter panel and a card's
 * review modal were both `P0-0` (a DOM dump in the lite flavour's e2e run), and the modal's
 * `aria-labelledby` named the panel — the dialog lost its name 'Request a Review'. Here an id is
 * unique on the page and stable for the component's life (the widgets render on the client only:
 * no server ids to match).
 *
 * Preact itself is version 11: 10.29 left an element's object ref empty when a part inside it
 * suspended on the first render (preact-compat.dom.test.ts).
 */
import { useState } from 'preact/hooks';

// @ts-expect-error -- preact/compat's typings are `export =`; its ESM build, which this re-exports, has the named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

let next = 0;

export function useId(): string {
  return useState(() => `lk-${((next += 1)).toString(36)}`)[0];
}
