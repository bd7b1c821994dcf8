import { atom, type Getter } from 'jotai/vanilla';
import { GatewayError } from '../../gateway/core/errors';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import type { WidgetRuntime } from '../../runtime/runtime';
import { boardInputsAtom } from './view/view-atoms';

/*
 * What the host gives the board beside the view's inputs (view/view-atoms.ts `boardInputsAtom`):
 * its `emit`, the attributes that change nothing the board fetches, and the provider every gateway
 * call of the board is made for.
 */

/**
 * The element's `emit` (useRuntime), for the changes' engine: it tells the host of the changes
 * the pro makes (changes/change-engine.ts). Set by the board; null before (nothing told).
 */
export const boardHostAtom = atom<{ emit: WidgetRuntime['emit'] | null }>({ emit: null });

/** Whether 'Your Notes' keeps drafts on this device (the `drafts` attribute; apart from the inputs, so switching it refetches nothing). */
export const boardDraftsAtom = atom(true);

/** The `chat-service` attribute: the quick answer's chat adapter when no `chat` property is set (widgets/message-thread/chat-factory.ts). */
export const boardChatServiceAtom = atom<string | null>(null);

const validId = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value >= 0;

/** The client and the provider a board call is made for; a 401 without a provider signed in (or a valid `sp-id`). */
export function requireProvider(get: Getter, operation: string) {
  const client = requireClient(get(clientAtom));
  const { spId } = get(boardInputsAtom);
  if (client.auth.kind !== 'provider' || !validId(spId)) throw new GatewayError({ kind: 'http', status: 401, operation });
  return { client, spId };
}
