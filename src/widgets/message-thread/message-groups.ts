/**
 * Message groups (issue 14: a quieter thread on a phone). Consecutive messages of one author
 * sent within MESSAGE_GROUP_WINDOW_MS of the previous one form a group; the group shows its
 * timestamp once, under its last message, in the spec's format (§2). Every message keeps its
 * own timestamp for screen readers.
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
    return gap < 0 || gap > MESSAGE_GROUP_WINDOW_MS;
  });
}
