import { atom } from 'jotai/vanilla';
import type { DraftStore } from '../../../domain/drafts';
import { EMPTY_PROJECT_DETAILS, type ProjectDetails } from '../../../domain/funnel/lead';
import { eligibilityAtom, funnelFormAtom, funnelInputsAtom, funnelSessionAtom, projectDetailsAtom } from './shared-atoms';
import { keptRequestText, parseKeptRequest, type KeptRequest } from './kept-request';

/**
 * The request the funnel could not send, kept on this device (docs/drafts.md#the-funnels-request):
 * written when 'Send request' fails, whatever the failure; deleted once the gateway took a request
 * of this funnel (or the customer discards it); put back into the project step when the funnel
 * starts again (a reload, the tab opened again) with nothing typed yet. In the page's drafts store
 * (IndexedDB), under this funnel's key: the frame sets the place (frame-hooks.ts
 * `useKeptRequest`); without one (a store-level test, a server's render) nothing is kept.
 */

/** Where a request is kept: the page's drafts store and this funnel's key; null: nowhere. */
export const keptRequestPlaceAtom = atom<{ readonly store: DraftStore; readonly key: string } | null>(null);

/** A kept request was put back into the project step, and not sent or discarded since: the step says so. */
export const keptRequestRestoredAtom = atom(false);

/** Keeps the request that failed to send (now, not after a pause: the page may be closed next). */
export const keepRequestAtom = atom(null, (get, _set, request: Omit<KeptRequest, 'spId'>) => {
  const place = get(keptRequestPlaceAtom);
  if (!place) return;
  place.store.stage(place.key, keptRequestText({ ...request, spId: get(funnelInputsAtom).serviceProviderId }));
  void place.store.flush();
});

/** The gateway took a request of this funnel (or the customer discarded the kept one): nothing is kept any more. */
export const forgetKeptRequestAtom = atom(null, (get, set) => {
  set(keptRequestRestoredAtom, false);
  const place = get(keptRequestPlaceAtom);
  if (place) void place.store.clear(place.key);
});

/** Whether the customer typed nothing of the project yet (the address's city, state and ZIP code are filled in from the entry step). */
function typedNothing(details: ProjectDetails): boolean {
  const { contact, address } = details;
  return (
    details.description === '' &&
    details.answers.length === 0 &&
    address.lineOne === '' &&
    address.lineTwo === '' &&
    contact.firstName === '' &&
    contact.lastName === '' &&
    contact.email === '' &&
    contact.phoneNumber === ''
  );
}

/**
 * Puts a kept request back: the project step with what the customer chose and typed, and the
 * step's hint. Only before a lead (a funnel on its first two steps), on a funnel for the same pro
 * (`sp-id`) as the one it was sent from, and while nothing is typed (what is typed is never
 * replaced). Resolves whether it did.
 */
export const restoreKeptRequestAtom = atom(null, async (get, set): Promise<boolean> => {
  const place = get(keptRequestPlaceAtom);
  if (!place) return false;
  const kept = parseKeptRequest(await place.store.read(place.key));
  if (!kept) return false;
  const session = get(funnelSessionAtom);
  if (session.leadId !== null || (session.step !== 'entry' && session.step !== 'project')) return false;
  if (kept.spId !== get(funnelInputsAtom).serviceProviderId || !typedNothing(get(projectDetailsAtom))) return false;
  const form = get(funnelFormAtom);
  set(funnelFormAtom, { ...form, ...kept.form, advertisingZone: kept.form.postalCode === form.postalCode ? form.advertisingZone : null });
  set(projectDetailsAtom, kept.details);
  set(eligibilityAtom, null);
  set(funnelSessionAtom, { ...session, step: 'project' });
  set(keptRequestRestoredAtom, true);
  return true;
});

/** 'Discard this request': the kept copy deleted, and what it filled in emptied (the address's place stays). */
export const discardKeptRequestAtom = atom(null, (get, set) => {
  set(forgetKeptRequestAtom);
  const { address } = get(projectDetailsAtom);
  set(projectDetailsAtom, {
    ...EMPTY_PROJECT_DETAILS,
    address: { ...EMPTY_PROJECT_DETAILS.address, city: address.city, state: address.state, postalCode: address.postalCode },
  });
});
