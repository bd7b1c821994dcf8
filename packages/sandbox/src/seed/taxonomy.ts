/**
 * The category taxonomy itself lives in src/domain/category-taxonomy.ts (the widgets need its
 * icon groups too); replace that file to change the categories.
 */
export { TAXONOMY } from '../../../../src/domain/category-taxonomy';

/** What GET /v1/topCategories answers, most requested first. */
export const TOP_CATEGORY_IDS: readonly number[] = [100, 101, 102, 103, 105, 107, 104, 108];
