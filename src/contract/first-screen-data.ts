import type { ServerAnswer } from '../gateway/server-answers';
import type { LeadkitTag } from './tags';

/**
 * What a server hands a page between `loadFirstScreen` (leadkit, in a server component) and the
 * `firstScreen` prop of a `leadkit/react` component: written here once, for the server layer
 * (src/server/) and the React entries alike.
 */

/** Attribute values as a host writes them (`'sp-id': 1001`); false, null or undefined: absent. */
export type AttributeValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** A tag's first-screen data: pass it as the `firstScreen` prop of its `leadkit/react` component. */
export interface FirstScreenData {
  readonly tag: LeadkitTag;
  /** The answers of its first calls (path, body, status, text), as they may go in the page. */
  readonly answers: readonly ServerAnswer[];
  /** URL of `leadkit/widgets.css` as the host serves it: linked in the shadow root (else the first screen's styles are inlined). */
  readonly stylesheet?: string;
  /** The page's CSP nonce for the inlined styles (a strict `style-src` without `unsafe-inline`). */
  readonly nonce?: string;
  /** `<lead-app>`: the page's path and query, whose route it renders. */
  readonly url?: string;
}
