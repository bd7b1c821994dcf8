/**
 * Category id → icon group (spec §2: the lead card's icon is chosen by category id, the generic
 * icon as fallback). Ids only, without the taxonomy's names, so a widget's first load carries
 * just this map; category-taxonomy.ts (names and parents) holds the same ids, and a test keeps
 * the two in step.
 */
export type IconGroup = 'home' | 'auto' | 'health' | 'pets' | 'events' | 'generic';

/**
 * The ids, compactly (they are a widget's first load): a group's top-level categories are
 * consecutive from its base (home 100, auto 200, health 300, pets 400, events 500), and each
 * digit is how many task categories the next top-level one has, numbered `top × 100 + 1…n`
 * (101 with 6: 10101…10106).
 */
const CHILD_COUNTS: readonly [Exclude<IconGroup, 'generic'>, string][] = [
  ['home', '76533333323212120101'],
  ['auto', '3110'],
  ['health', '1000'],
  ['pets', '1110'],
  ['events', '100'],
];

const GROUP_BY_ID = new Map<number, IconGroup>();
CHILD_COUNTS.forEach(([group, counts], index) => {
  [...counts].forEach((count, offset) => {
    const top = (index + 1) * 100 + offset;
    GROUP_BY_ID.set(top, group);
    for (let child = 1; child <= Number(count); child++) GROUP_BY_ID.set(top * 100 + child, group);
  });
});

/** The icon group for a category id; unknown ids (and -1, Generic) get the generic icon. */
export function iconGroupFor(categoryId: number | null | undefined): IconGroup {
  return (categoryId === null || categoryId === undefined ? undefined : GROUP_BY_ID.get(categoryId)) ?? 'generic';
}
