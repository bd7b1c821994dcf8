// The event table is the contract's (contract/events.ts); this is how a widget fires one.
import { CANCELABLE_EVENTS, type LeadkitEventMap, type LeadkitEventName } from '../contract/events';

/** Fires a leadkit event from `target`; returns false when a listener cancelled it. */
export function emitLeadkitEvent<K extends LeadkitEventName>(target: EventTarget | null | undefined, name: K, detail: LeadkitEventMap[K]): boolean {
  if (!target) return true;
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: CANCELABLE_EVENTS.has(name) });
  return target.dispatchEvent(event);
}
