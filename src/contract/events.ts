import type { SetupCause } from '../gateway/core/setup-causes';

/**
 * The contract's event table: every event a leadkit element fires, in one typed map. Events are `CustomEvent`s named
 * `lk-<noun>-<verb>`, `bubbles: true, composed: true` (they leave the shadow root). Details
 * carry ids and states only — never customer names, phones, e-mails or message text.
 */
export interface LeadkitEventMap {
  /**
   * Before any link that leaves a widget. Cancelable: call preventDefault() to route yourself.
   * `url` is absolute (the link's resolved `href`, or a `tel:`/`mailto:` URL): a client router
   * takes `pathname + search + hash` of `new URL(url)` when its origin is the page's. `newTab`
   * (Cmd/Ctrl/Shift-click, a middle click, a link opening a new tab) and the kinds `external`
   * and `insurer` lead off the app: leave them to the browser (docs/embedding.md#following-a-widgets-links).
   * `replace` (optional) is true when the URL stands for the same place as the current one
   * (the funnel dropping `withAlId`): a router should replace the history entry, not add one.
   */
  'lk-navigate': { url: string; kind: NavigationKind; newTab: boolean; replace?: boolean };
  /** A widget finished loading its data (for hosts that wait on it). */
  'lk-load': { widget: string };
  /**
   * Something a widget needed failed (`widget` names the widget; `status` is the HTTP status when
   * there was one; `kind` says what failed), or an attribute had a value it cannot take
   * (`kind: 'invalid-attribute'`, `attribute` names it; the attribute is treated as absent), or a
   * host setting is wrong (`kind: 'setup'`: `cause` is its stable code, once per cause per element,
   * as the page's one `leadkit:` console line says it — https://leadkit.github.io/leadkit/?path=/docs/troubleshooting--docs).
   * `message`, when present, tells the developer what to do (English, never customer data or a token).
   * Which of these a tag fires is in its own documentation (docs/contract.md).
   */
  'lk-error': { widget: string; status: number | null; kind: string; attribute?: string; cause?: SetupCause; message?: string };
  'lk-lead-status-change': { leadId: number; status: string };
  'lk-lead-archive': { leadId: number; archived: boolean };
  'lk-lead-read': { leadId: number; read: boolean };
  'lk-lead-create': { leadId: number };
  'lk-message-send': { messageId: string; leadId: number | null };
  'lk-review-request': { leadId: number; draftReviewId: string };
  /**
   * The pro added (`change: 'add'`) or removed (`'remove'`) a saved reply in the thread's
   * composer; `savedReplies` is the whole new list (`{ id, text }[]`), `id` the reply changed.
   * The texts are the pro's own templates, never customer data. The widget shows the new list at
   * once; store it and set it back as the `savedReplies` property.
   */
  'lk-saved-replies-change': { savedReplies: { id: string; text: string }[]; change: 'add' | 'remove'; id: string };
}

export type LeadkitEventName = keyof LeadkitEventMap;
export type LeadkitEvent<K extends LeadkitEventName> = CustomEvent<LeadkitEventMap[K]>;

/** What a link leads to, so a host router can decide without parsing URLs. */
export type NavigationKind =
  | 'lead-board'
  | 'lead-page'
  | 'conversation-thread'
  | 'office-inbox'
  | 'call-log'
  | 'connected-numbers'
  | 'insurer'
  | 'edit-service-area'
  | 'services-offered'
  | 'funnel'
  | 'log-in'
  | 'external';

// Each event once more, with whether a listener may cancel it: the mapped type makes the
// compiler reject a missing or unknown name, so the runtime list below follows the map.
const CANCELABLE: { readonly [K in LeadkitEventName]-?: boolean } = {
  'lk-navigate': true,
  'lk-load': false,
  'lk-error': false,
  'lk-lead-status-change': false,
  'lk-lead-archive': false,
  'lk-lead-read': false,
  'lk-lead-create': false,
  'lk-message-send': false,
  'lk-review-request': false,
  'lk-saved-replies-change': false,
};

/** Every event name of `LeadkitEventMap`, at run time (React `on…` props, docs, tests). */
export const LEADKIT_EVENTS = Object.keys(CANCELABLE) as readonly LeadkitEventName[];
export const CANCELABLE_EVENTS: ReadonlySet<LeadkitEventName> = new Set(LEADKIT_EVENTS.filter((name) => CANCELABLE[name]));

/** Every leadkit event as the DOM delivers it. */
export type LeadkitDomEventMap = { [K in LeadkitEventName]: LeadkitEvent<K> };

declare global {
  // Typed `addEventListener('lk-…')` on every element (leadkit events bubble out of the widgets).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation: the members come from the map
  interface HTMLElementEventMap extends LeadkitDomEventMap {}
  // …and on the document, where a host listens to every widget of the page.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation: the members come from the map
  interface DocumentEventMap extends LeadkitDomEventMap {}
}
