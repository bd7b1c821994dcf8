import type { LeadFilters } from './filters';

/**
 * Filter changes the board's filter panel makes from what the user typed or picked:
 * apart from the filter state, so they load with the panel.
 */

/**
 * Customer-name search submits on Enter only for more than one non-blank character.
 * @internal Exported for tests.
 */
export function isSubmittableNameQuery(text: string): boolean {
  return text.trim().length > 1;
}

/** Filter change for a typed name; null when the text is too short to search. */
export function nameSearchPatch(text: string): Partial<LeadFilters> | null {
  if (!isSubmittableNameQuery(text)) return null;
  return { name: text.trim(), contactInformationIds: [] };
}

/** Filter change for a picked member suggestion: the name plus the member's contact ids. */
export function memberPatch(member: { readonly memberName: string; readonly contactInformationIds: readonly number[] }) {
  return { name: member.memberName, contactInformationIds: [...member.contactInformationIds] } satisfies Partial<LeadFilters>;
}

/**
 * Filter change for a picked location suggestion. The most specific part wins: a postal code
 * filters by postal code alone, otherwise city and state.
 */
export function locationPatch(location: {
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postalCode?: string | null;
}): Partial<LeadFilters> {
  const postalCode = location.postalCode?.trim();
  if (postalCode) return { postalCode, cityState: null };
  const city = location.city?.trim();
  const stateAbbr = location.state?.trim();
  if (city && stateAbbr) return { cityState: { city, stateAbbr }, postalCode: null };
  return { cityState: null, postalCode: null };
}

/** Adds a category once; picking it again changes nothing. */
export function addCategory(filters: LeadFilters, categoryId: number): Partial<LeadFilters> {
  return filters.categoryIds.includes(categoryId) ? {} : { categoryIds: [...filters.categoryIds, categoryId] };
}
