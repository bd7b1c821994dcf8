import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai/react';
import { answeredLeadIds, subscribeAnswered } from '../../../domain/answered-leads';
import { awaitsFirstAnswer, freshLeadAge, nextAgeChangeIn, type LeadAge } from '../../../domain/lead-age';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { boardInputsAtom } from '../view/view-atoms';

const NONE: ReadonlySet<number> = new Set();

/** What a card shows of answer first: a fresh New lead's age beside its date (else null), and whether it waits for the pro's first answer. */
export interface AnswerFirst {
  readonly age: LeadAge | null;
  readonly respondFirst: boolean;
}

/**
 * Answer first (docs/widgets/lead-board.md#answer-first): for each lead on the page, its age
 * while it is a fresh New lead (beside its date; null otherwise), and the cue while it
 * also waits for the pro's first answer. The age is the gateway's data and the clock's only, so
 * a server's first screen shows it too; the answers on this device end the cue alone. The board
 * renders again when an age's text changes (the next whole minute or hour on the widget's clock)
 * and when a lead is answered on this device, here or in another tab. A server's first screen
 * knows no answers (they are this device's): hydrating, none are read; the render right after
 * reads them.
 */
export function useAnswerFirst(leads: readonly Lead[]): (lead: Lead) => AnswerFirst {
  const { now } = useRuntime();
  const { spId } = useAtomValue(boardInputsAtom);
  const answered = useSyncExternalStore(
    subscribeAnswered,
    () => answeredLeadIds(spId),
    () => NONE,
  );
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const at = now();
    const waits = leads.flatMap((lead) => {
      const wait = lead.status === 'Initial' && !lead.isArchived ? nextAgeChangeIn(lead.createDate, at) : null;
      return wait === null ? [] : [wait];
    });
    if (waits.length === 0) return;
    // A moment past the change, so the render sees the new minute.
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(...waits) + 50);
    return () => clearTimeout(timer);
  }, [leads, now, tick]);
  const at = now();
  return (lead) => {
    const age = lead.status === 'Initial' && !lead.isArchived ? freshLeadAge(lead.createDate, at) : null;
    return { age, respondFirst: age !== null && awaitsFirstAnswer(lead, at, answered) };
  };
}
