/**
 * Category id → icon group (spec §2: the lead card's icon is chosen by category id, the generic
 * icon as fallback). Ids only, without the taxonomy's names, so a widget's first load carries
 * just this map; category-taxonomy.ts (names and parents) holds the same ids, and a test keeps
 * the two in step.
 */
export type IconGroup = 'home' | 'auto' | 'health' | 'pets' | 'events' | 'generic';

const IDS_BY_GROUP: Readonly<Record<Exclude<IconGroup, 'generic'>, readonly number[]>> = {
  home: [100, 10001, 10002, 10003, 10004, 10005, 10006, 10007, 101, 10101, 10102, 10103, 10104, 10105, 10106, 102, 10201, 10202, 10203, 10204, 10205, 103, 10301, 10302, 10303, 104, 10401, 10402, 10403, 105, 10501, 10502, 10503, 106, 10601, 10602, 10603, 107, 10701, 10702, 10703, 108, 10801, 10802, 10803, 109, 10901, 10902, 110, 11001, 11002, 11003, 111, 11101, 11102, 112, 11201, 113, 11301, 11302, 114, 11401, 115, 11501, 11502, 116, 117, 11701, 118, 119, 11901],
  auto: [200, 20001, 20002, 20003, 201, 20101, 202, 20201, 203],
  health: [300, 30001, 301, 302, 303],
  pets: [400, 40001, 401, 40101, 402, 40201, 403],
  events: [500, 50001, 501, 502],
};

const GROUP_BY_ID: ReadonlyMap<number, IconGroup> = new Map(
  Object.entries(IDS_BY_GROUP).flatMap(([group, ids]) => ids.map((id) => [id, group as IconGroup] as const)),
);

/** The icon group for a category id; unknown ids (and -1, Generic) get the generic icon. */
export function iconGroupFor(categoryId: number | null | undefined): IconGroup {
  return (categoryId === null || categoryId === undefined ? undefined : GROUP_BY_ID.get(categoryId)) ?? 'generic';
}
