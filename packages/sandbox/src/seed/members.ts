import type { Random } from '../random';
import type { Member, PostalAddress } from '../types';
import { DENVER_METRO, PLACES } from './places';

/** One-time tokens the sandbox accepts (send as `Authorization: OneTime <token>`). */
export const SANDBOX_MEMBER_TOKEN = 'sandbox-member-token-5001';
export const SANDBOX_MEMBER_ID = 5001;
export const SANDBOX_MEMBER_TOKEN_2 = 'sandbox-member-token-5002';
export const SANDBOX_MEMBER_ID_2 = 5002;
/** The token member's home address (POST /v1/lead takes `address.postalAddressId`). */
export const SANDBOX_MEMBER_POSTAL_ADDRESS_ID = 7001;
/** Members whose leads carry no customer name ('Member' on the board). */
export const NAMELESS_MEMBER_IDS: readonly number[] = [5040, 5041];

const FIRST_NAMES = [
  'Avery',
  'Blake',
  'Carmen',
  'Dana',
  'Elliot',
  'Fatima',
  'Gabriel',
  'Hana',
  'Isaac',
  'Jasmine',
  'Kenji',
  'Lucia',
  'Mateo',
  'Nora',
  'Omar',
  'Paige',
  'Quinn',
  'Rosa',
  'Samir',
  'Tessa',
  'Uma',
  'Victor',
  'Wren',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const LAST_NAMES = [
  'Anderson',
  'Brooks',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Morales',
  "O'Brien",
  'Nguyen',
  'Park',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Thompson',
  'Usman',
  'Vargas',
  'Walker',
  'Yamamoto',
];
const STREETS = [
  'Larimer St',
  'Blake St',
  'Wazee St',
  'Colfax Ave',
  'Downing St',
  'Speer Blvd',
  'York St',
  'Federal Blvd',
  'Tennyson St',
  'Pearl St',
  'Gaylord St',
  'Race St',
  'Sheridan Blvd',
  'Evans Ave',
  'Alameda Ave',
  'Broadway',
];

/** A fictional number: 555-01xx style numbers are reserved for fiction. */
export function fictionalPhone(areaCode: string, n: number): string {
  return `${areaCode}555${String(n % 10000).padStart(4, '0')}`;
}

function email(first: string | null, last: string | null, id: number): string {
  const local =
    [first, last]
      .filter(Boolean)
      .join('.')
      .toLowerCase()
      .replace(/[^a-z.]/g, '') || `member${id}`;
  return `${local}@example.com`;
}

export function seedMembers(random: Random): { members: Member[]; postalAddresses: PostalAddress[] } {
  const members: Member[] = [
    { id: SANDBOX_MEMBER_ID, firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', phoneNumber: '3035550142', postalCode: '80202' },
    { id: SANDBOX_MEMBER_ID_2, firstName: 'Priya', lastName: 'Patel', email: 'priya.patel@example.com', phoneNumber: '7205550178', postalCode: '80210' },
  ];
  const usedNames = new Set(members.map((m) => `${m.firstName} ${m.lastName}`));
  for (let id = 5003; id <= 5039; id++) {
    let first = random.pick(FIRST_NAMES);
    let last = random.pick(LAST_NAMES);
    while (usedNames.has(`${first} ${last}`)) {
      first = random.pick(FIRST_NAMES);
      last = random.pick(LAST_NAMES);
    }
    usedNames.add(`${first} ${last}`);
    members.push({
      id,
      firstName: first,
      lastName: last,
      email: email(first, last, id),
      phoneNumber: fictionalPhone(random.pick(['303', '720']), 100 + id - 5000),
      postalCode: random.pick(DENVER_METRO),
    });
  }
  for (const id of NAMELESS_MEMBER_IDS) {
    members.push({
      id,
      firstName: null,
      lastName: null,
      email: email(null, null, id),
      phoneNumber: fictionalPhone('303', 100 + id - 5000),
      postalCode: '80203',
    });
  }

  const postalAddresses: PostalAddress[] = [];
  let postalAddressId = 7001;
  for (const member of members) {
    const place = PLACES.find((p) => p.postalCode === member.postalCode) ?? PLACES[0]!;
    const fixed = member.id === SANDBOX_MEMBER_ID;
    postalAddresses.push({
      postalAddressId: postalAddressId++,
      memberId: member.id,
      lineOne: fixed ? '1600 Larimer St' : `${random.int(100, 4999)} ${random.pick(STREETS)}`,
      lineTwo: fixed ? 'Apt 12' : random.chance(0.2) ? `Apt ${random.int(1, 40)}` : null,
      city: place.city,
      state: place.stateAbbr,
      postalCode: place.postalCode,
    });
  }
  // The token member has a second address (a rental) for the funnel's address choice.
  postalAddresses.push({
    postalAddressId,
    memberId: SANDBOX_MEMBER_ID,
    lineOne: '77 Tennyson St',
    lineTwo: 'Unit B',
    city: 'Denver',
    state: 'CO',
    postalCode: '80211',
  });
  return { members, postalAddresses };
}
