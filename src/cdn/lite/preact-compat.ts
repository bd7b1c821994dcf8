/**
 * `react` and `react-dom` in the lite CDN flavour (vite.cdn.config.ts aliases them here):
 * preact/compat, with one hook replaced.
 *
 * Preact's `useId` counts from 0 again under each Suspense boundary ('P0-0', 'P0-1'…), so parts
 * loaded lazily repeat each other's ids in one shadow root: the board's filter panel and a card's
 * review modal were both `P0-0`, and the modal's `aria-labelledby` named the panel — the dialog
 * lost its name 'Request a Review'. Here an id is unique on the page and stable for the
 * component's life (the widgets render on the client only: no server ids to match).
 */
import { useState } from 'preact/hooks';

// @ts-expect-error -- preact/compat's typings are `export =`; its ESM build, which this re-exports, has the named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

let next = 0;

export function useId(): string {
  return useState(() => `lk-${(next += 1).toString(36)}`)[0];
}
