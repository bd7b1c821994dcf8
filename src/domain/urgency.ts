/** Project timing (urgency). 'NA' is the create payload's default: "not given". */
export const URGENCY_DEFAULT = 'NA';

/** The urgency to show, or null when the customer gave none ('NA' or blank). */
export function shownUrgency(urgency: string | null | undefined): string | null {
  const value = urgency?.trim();
  return value && value.toUpperCase() !== URGENCY_DEFAULT ? value : null;
}
