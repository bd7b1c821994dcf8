import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { refusedNotesAtom, reviewPromptDueAtom } from '../changes/change-outcomes';

/*
 * What the offline outbox (changes/outbox-atoms.ts) leaves for a lead's open card once its changes
 * were sent: the spec's behaviour of the change, as if it had been made online.
 */

/** A ClosedWon chosen offline reached the gateway: `onDue` runs once, while the lead's card is open. */
export function useReviewPromptDue(leadId: number, onDue: () => void): void {
  const due = useAtomValue(reviewPromptDueAtom).has(leadId);
  const setDue = useSetAtom(reviewPromptDueAtom);
  useEffect(() => {
    if (!due) return;
    setDue((leads) => new Set([...leads].filter((id) => id !== leadId)));
    onDue();
  }, [due, leadId, setDue, onDue]);
}

/** Notes kept offline that the gateway refused: `onRefused` gets their text once, while the lead's card is open. */
export function useRefusedNotes(leadId: number, onRefused: (text: string) => void): void {
  const text = useAtomValue(refusedNotesAtom).get(leadId);
  const setRefused = useSetAtom(refusedNotesAtom);
  useEffect(() => {
    if (text === undefined) return;
    setRefused((notes) => {
      const next = new Map(notes);
      next.delete(leadId);
      return next;
    });
    onRefused(text);
  }, [text, leadId, setRefused, onRefused]);
}
