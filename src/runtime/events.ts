/**
 * Every event a leadkit element fires, in one typed map. Events are `CustomEvent`s named
 * `lk-<noun>-<verb>`, `bubbles: true, composed: true` (they leave the shadow root). Details
 * carry ids and states only — never customer names, phones, e-mails or message text.
 */
export interface LeadkitEventMap {
  /**
   * Before any link that leaves a widget. Cancelable: call preventDefault() to route yourself.
   * `replace` (optional) is true when the URL stands for the same place as the current one
   * (the funnel dropping `withAlId`): a router should replace the history entry, not add one.
   */
  'lk-navigate': { url: string; kind: NavigationKind; newTab: boolean; replace?: boolean };
  /** A widget finished loading its data (for hosts that wait on it). */
  'lk-load': { widget: string };
  /**
   * A widget failed to load; `status` is the HTTP status when there was one. `message`, when
   * present, tells the developer what to do (English, never customer data), e.g. for
   * `chat-sdk-missing` from `<message-thread>`.
   */
  'lk-error': { widget: string; status: number | null; kind: string; message?: string };
  'lk-lead-status-change': { leadId: number; status: string };
  'lk-lead-archive': { leadId: number; archived: boolean };
  'lk-lead-read': { leadId: number; read: boolean };
  'lk-lead-create': { leadId: number };
  'lk-message-send': { messageId: string; leadId: number | null };
  'lk-review-request': { leadId: number; draftReviewId: string };
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
  | 'external';

export const CANCELABLE_EVENTS: ReadonlySet<LeadkitEventName> = new Set(['lk-navigate']);

/** Fires a leadkit event from `target`; returns false when a listener cancelled it. */
export function emitLeadkitEvent<K extends LeadkitEventName>(
  target: EventTarget | null | undefined,
  name: K,
  detail: LeadkitEventMap[K],
): boolean {
  if (!target) return true;
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: CANCELABLE_EVENTS.has(name) });
  return target.dispatchEvent(event);
}

declare global {
  // Typed `addEventListener('lk-…')` on every element.
  interface HTMLElementEventMap {
    'lk-navigate': LeadkitEvent<'lk-navigate'>;
    'lk-load': LeadkitEvent<'lk-load'>;
    'lk-error': LeadkitEvent<'lk-error'>;
    'lk-lead-status-change': LeadkitEvent<'lk-lead-status-change'>;
    'lk-lead-archive': LeadkitEvent<'lk-lead-archive'>;
    'lk-lead-read': LeadkitEvent<'lk-lead-read'>;
    'lk-lead-create': LeadkitEvent<'lk-lead-create'>;
    'lk-message-send': LeadkitEvent<'lk-message-send'>;
    'lk-review-request': LeadkitEvent<'lk-review-request'>;
  }
}
