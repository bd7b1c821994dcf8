/**
 * Message groups (a quieter thread on a phone). Consecutive messages of one author
 * sent within MESSAGE_GROUP_WINDOW_MS of the previous one form a group; the group shows its
 * timestamp once, under its last message, in the spec's format (docs/architecture.md#dates); a new day (its day
 * separator) ends a group too. Every message keeps its own timestamp for screen readers.
 * @internal Exported for tests.
 */
export const MESSAGE_GROUP_WINDOW_MS = 5 * 60_000;

export interface GroupedMessage {
  /** Whose message (own or the member's): a change of author ends a group. */
  own: boolean;
  dateCreated: Date | null;
}

/** For each message, whether it is the last of its group (its timestamp shows under it). */
export function groupEnds(messages: readonly GroupedMessage[]): boolean[] {
  return messages.map((message, index) => {
    const next = messages[index + 1];
    if (!next || next.own !== message.own || !message.dateCreated || !next.dateCreated) return true;
    const gap = next.dateCreated.getTime() - message.dateCreated.getTime();
    // A new day ends a group too: its day separator comes between them.
    return gap < 0 || gap > MESSAGE_GROUP_WINDOW_MS || localDayKey(next.dateCreated) !== localDayKey(message.dateCreated);
  });
}

/**
 * Day separators: the local calendar day of a date ('2020-06-01'), so messages of
 * one day share a separator whatever their time, and the separator's key stays the same while
 * a thread changes around it.
 */
export function localDayKey(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Which name a day's separator gets: 'Today', 'Yesterday' (on the viewer's clock), else its date. */
export function dayName(date: Date, now: Date): 'today' | 'yesterday' | 'date' {
  const day = localDayKey(date);
  if (day === localDayKey(now)) return 'today';
  // The calendar day before (not 24 hours before: a day with a clock change is 23 or 25 hours).
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return day === localDayKey(yesterday) ? 'yesterday' : 'date';
}
