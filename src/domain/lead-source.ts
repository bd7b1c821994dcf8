/** Where a lead came from. Values are the gateway's own spelling. */
export const LEAD_SOURCES = ['Redemption', 'RequestAQuote', 'SR_RAQ', 'HA_OL_RAQ', 'ProDirMsgCallOptIn', 'ProDirMsgCallOptOut'] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];

export function isLeadSource(value: unknown): value is LeadSource {
  return typeof value === 'string' && (LEAD_SOURCES as readonly string[]).includes(value);
}
