import type { Place } from '../types';

/** Postal codes the sandbox knows (city/state lookups, eligibility, suggestions). */
const ROWS: readonly (readonly [string, string, string, string, number])[] = [
  ['80202', 'Denver', 'CO', 'Colorado', 12],
  ['80203', 'Denver', 'CO', 'Colorado', 12],
  ['80204', 'Denver', 'CO', 'Colorado', 12],
  ['80205', 'Denver', 'CO', 'Colorado', 12],
  ['80206', 'Denver', 'CO', 'Colorado', 12],
  ['80209', 'Denver', 'CO', 'Colorado', 12],
  ['80210', 'Denver', 'CO', 'Colorado', 12],
  ['80211', 'Denver', 'CO', 'Colorado', 12],
  ['80218', 'Denver', 'CO', 'Colorado', 12],
  ['80220', 'Denver', 'CO', 'Colorado', 12],
  ['80012', 'Aurora', 'CO', 'Colorado', 12],
  ['80226', 'Lakewood', 'CO', 'Colorado', 12],
  ['80120', 'Littleton', 'CO', 'Colorado', 12],
  ['80031', 'Westminster', 'CO', 'Colorado', 12],
  ['80401', 'Golden', 'CO', 'Colorado', 12],
  ['80301', 'Boulder', 'CO', 'Colorado', 13],
  ['78701', 'Austin', 'TX', 'Texas', 44],
  ['10001', 'New York', 'NY', 'New York', 1],
  ['60601', 'Chicago', 'IL', 'Illinois', 5],
  ['98101', 'Seattle', 'WA', 'Washington', 30],
];

export const PLACES: readonly Place[] = ROWS.map(([postalCode, city, stateAbbr, stateName, advertisingZone]) => ({
  postalCode,
  city,
  stateAbbr,
  stateName,
  advertisingZone,
}));

/** The Denver metro postal codes most sandbox providers serve. */
export const DENVER_METRO: readonly string[] = PLACES.filter((place) => place.stateAbbr === 'CO' && place.advertisingZone === 12).map(
  (place) => place.postalCode,
);
