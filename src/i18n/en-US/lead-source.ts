/**
 * Lead sources, our wording for display. No widget shows a lead's source (the board asks for
 * every source and offers no source filter): these are for a host's own use of the catalogue
 * (`leadSource.<source>`) and in no widget's first load.
 */
export const leadSourceMessages = {
  'leadSource.Redemption': 'Redemption',
  'leadSource.RequestAQuote': 'Request a Quote',
  'leadSource.SR_RAQ': 'Service Request',
  'leadSource.HA_OL_RAQ': 'Opportunity Lead',
  'leadSource.ProDirMsgCallOptIn': 'Pro Directory (call opt-in)',
  'leadSource.ProDirMsgCallOptOut': 'Pro Directory (call opt-out)',
} as const;
