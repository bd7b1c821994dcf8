/**
 * The Fault's rule for stories (stories/support/faults.ts): a story about data carries the tag
 * `data` and offers the toolbar's Fault; every other story pins it (`globals: NO_FAULT`,
 * stories/support/pinned.ts). Plain data, no Storybook import: the toolbar walk checks the stories
 * it walks with it, and the visual snapshots (test/visual/suite.ts) every story of the built site.
 */
export const DATA_TAG = 'data';

/** What is wrong with a story under the rule (its tags, its meta's and its own `globals` merged), or null. */
export function faultRuleBroken(tags: readonly string[] | undefined, globals: Readonly<Record<string, unknown>>): string | null {
  const data = tags?.includes(DATA_TAG) ?? false;
  const pinned = 'fault' in globals;
  if (data && pinned) return 'is tagged data but pins the Fault';
  if (!data && !pinned) return 'is not tagged data and does not pin the Fault (globals: NO_FAULT, stories/support/pinned.ts)';
  return null;
}
