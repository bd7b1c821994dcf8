/**
 * Whether a lead's card offers insurance: apart from the banner's
 * own steps (insurance-banner.ts), so the open card can tell in its first frame, before the
 * banner's code has come, whether to hold the offer's place.
 */

export type LeadId = string | number;

/**
 * Whether a lead's card shows the banner at all. Ids compare as strings: ids kept in local
 * storage come back as strings while the gateway may send numbers.
 */
export function bannerVisible(leadId: LeadId, hiddenLeadIds: Iterable<LeadId>, hiddenForAll: boolean): boolean {
  if (hiddenForAll) return false;
  const id = String(leadId);
  for (const hidden of hiddenLeadIds) if (String(hidden) === id) return false;
  return true;
}
