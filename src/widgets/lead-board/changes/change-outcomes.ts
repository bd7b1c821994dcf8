import { atom, type Setter } from 'jotai/vanilla';

/*
 * How the pro's lead changes ended, as the board shows it (set by the changes' kinds,
 * change-kinds.ts; read by the board's banner, a card's status select, its notes editor and its
 * review prompt). In the board's first chunk: a change settles wherever its code came from.
 */

/** A read or archive change the gateway refused, said in the board's banner; 'queued': one kept offline and refused once sent. */
export type MutationAction = 'read' | 'archive' | 'restore' | 'queued';
export const mutationErrorAtom = atom<{ leadId: number; action: MutationAction } | null>(null);

/**
 * Leads whose last status change failed, each with its count of failures in a row (a new
 * failure is a new message to announce); shown beside the card's select until a change succeeds.
 */
export const statusFailuresAtom = atom<ReadonlyMap<number, number>>(new Map<number, number>());

export function setStatusFailed(set: Setter, leadId: number, failed: boolean): void {
  set(statusFailuresAtom, (current) => {
    if (!failed && !current.has(leadId)) return current;
    const next = new Map(current);
    if (failed) next.set(leadId, (current.get(leadId) ?? 0) + 1);
    else next.delete(leadId);
    return next;
  });
}

/**
 * Leads whose ClosedWon reached the gateway (chosen online, or offline and sent later): the card
 * asks for a review (behind the experiment flag), when it is open or next opened.
 */
export const reviewPromptDueAtom = atom<ReadonlySet<number>>(new Set<number>());

/**
 * Notes kept offline that the gateway refused once sent, by lead: the card's editor opens with the
 * text and the spec's notes-failure message, so nothing the pro wrote is lost.
 */
export const refusedNotesAtom = atom<ReadonlyMap<number, string>>(new Map<number, string>());
