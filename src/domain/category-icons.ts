/**
 * The category ids leadkit knows, their parents and icon groups: THE one source of them (the spec:
 * "A fixed table of about 800 category ids with English names and icon groups … not reproduced
 * here"; docs/gateway-assumptions.md#8-constants, K2). Ids only, without names, so a widget's first load
 * carries just this: category-taxonomy.ts names these ids (and the sandbox serves that table).
 *
 * The lead card's icon is chosen by category id, the generic icon as fallback (id -1 is
 * Generic): an id this table does not know gets the generic icon.
 */
export type IconGroup = 'home' | 'auto' | 'health' | 'pets' | 'events' | 'generic';

/** Category id of 'Generic' (its icon is the fallback). */
export const GENERIC_CATEGORY_ID = -1;
/** The root group: a category whose parent is 1 is top level. */
export const ROOT_CATEGORY_ID = 1;

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

/** A known category: its id, its parent (the root group for a top-level one) and its icon group. */
export interface GroupedCategory {
  readonly id: number;
  readonly parentId: number;
  readonly iconGroup: Exclude<IconGroup, 'generic'>;
}

/** Every known category, in table order: each top-level category, then its task categories. */
export const GROUPED_CATEGORIES: readonly GroupedCategory[] = CHILD_COUNTS.flatMap(([iconGroup, counts], index) =>
  [...counts].flatMap((count, offset) => {
    const top = (index + 1) * 100 + offset;
    return [
      { id: top, parentId: ROOT_CATEGORY_ID, iconGroup },
      ...Array.from({ length: Number(count) }, (_, child) => ({ id: top * 100 + child + 1, parentId: top, iconGroup })),
    ];
  }),
);

const GROUP_BY_ID: ReadonlyMap<number, IconGroup> = new Map(GROUPED_CATEGORIES.map((category) => [category.id, category.iconGroup]));

/** The icon group for a category id; unknown ids (and -1, Generic) get the generic icon. */
export function iconGroupFor(categoryId: number | null | undefined): IconGroup {
  return (categoryId === null || categoryId === undefined ? undefined : GROUP_BY_ID.get(categoryId)) ?? 'generic';
}
