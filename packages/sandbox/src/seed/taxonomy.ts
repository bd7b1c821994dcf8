/**
 * The category taxonomy itself lives in src/domain/category-taxonomy.ts (its ids and icon groups
 * in src/domain/category-icons.ts, which the widgets need too); change those to change the
 * categories. The top categories' order is there too.
 */
export { TAXONOMY, TOP_CATEGORY_IDS } from '../../../../src/domain/category-taxonomy';
