import type { Provider, ProviderType, RegisteredNumber } from '../types';
import { DENVER_METRO } from './places';

/** The provider the demo board, lead page and thread open by default. */
export const MAIN_PROVIDER_ID = 1001;

interface ProviderRow {
  id: number;
  type: ProviderType;
  name: string;
  postalCode: string;
  categoryIds: number[];
  rating: number | null;
  reviewCount: number;
  serviceArea?: string[];
  inboxEnabled?: boolean;
  linkedAlId?: number;
}

const ROWS: readonly ProviderRow[] = [
  {
    id: MAIN_PROVIDER_ID,
    type: 'AL',
    name: 'Acme Plumbing & Heating',
    postalCode: '80202',
    categoryIds: [
      100, 10001, 10002, 10003, 10004, 10005, 10006, 10007, 101, 10101, 10102, 10103, 10104, 10105, 10106, 102, 10203, 107, 10701, 110, 11002, 108, 10802, 119,
      11901,
    ],
    rating: 4.7,
    reviewCount: 212,
  },
  {
    id: 1002,
    type: 'AL',
    name: 'Mile High Electric',
    postalCode: '80205',
    categoryIds: [102, 10201, 10202, 10203, 10204, 10205],
    rating: 4.5,
    reviewCount: 98,
  },
  {
    id: 1003,
    type: 'AL',
    name: 'Front Range Roofing & Gutters',
    postalCode: '80211',
    categoryIds: [103, 10301, 10302, 10303, 113, 11301, 11302],
    rating: 4.8,
    reviewCount: 143,
    inboxEnabled: true,
  },
  { id: 1004, type: 'AL', name: 'Sparkle Clean Co.', postalCode: '80210', categoryIds: [105, 10501, 10502, 10503], rating: 4.2, reviewCount: 57 },
  {
    id: 1005,
    type: 'AL',
    name: 'Rocky Mountain Handyman',
    postalCode: '80226',
    // Toilets and faucets, not plumbing at large: never suggested for a water heater or a drain.
    categoryIds: [107, 10701, 10702, 10703, 106, 10601, 10001, 10006],
    rating: 4.4,
    reviewCount: 76,
  },
  {
    id: 1006,
    type: 'AL',
    name: 'Boulder Green Landscaping',
    postalCode: '80301',
    categoryIds: [104, 10401, 10402, 10403, 115, 11501, 11502],
    rating: 4.6,
    reviewCount: 64,
    serviceArea: ['80301', '80401', '80031'],
  },
  { id: 1007, type: 'AL', name: 'Colfax Auto Care', postalCode: '80206', categoryIds: [200, 20001, 20002, 20003, 201, 20101], rating: 4.3, reviewCount: 88 },
  { id: 1008, type: 'AL', name: 'Cherry Creek Animal Clinic', postalCode: '80209', categoryIds: [400, 40001, 401, 40101], rating: 4.9, reviewCount: 301 },
  { id: 1009, type: 'AL', name: 'Denver Rooter Express', postalCode: '80204', categoryIds: [100, 10003, 10005, 10007], rating: 3.9, reviewCount: 31 },
  // Plumbers of their own tasks (not the whole of Plumbing): the funnel's 'More pros' differ by task.
  { id: 1010, type: 'AL', name: 'Highlands Plumbing', postalCode: '80211', categoryIds: [10002, 10003, 10004, 10007], rating: 4.7, reviewCount: 64 },
  // HA listings (the funnel's second provider list). 2001 is Acme's own HA listing.
  {
    id: 2001,
    type: 'HA',
    name: 'Acme Plumbing & Heating',
    postalCode: '80202',
    categoryIds: [100, 10001, 10002, 10003, 101, 10101, 10102],
    rating: 4.6,
    reviewCount: 40,
    linkedAlId: MAIN_PROVIDER_ID,
  },
  { id: 2002, type: 'HA', name: 'Peak HVAC Pros', postalCode: '80203', categoryIds: [101, 10101, 10102, 10103, 10104, 10105], rating: 4.5, reviewCount: 120 },
  { id: 2003, type: 'HA', name: 'Denver Drain Doctors', postalCode: '80204', categoryIds: [100, 10003, 10004, 10005], rating: 4.1, reviewCount: 45 },
  { id: 2004, type: 'HA', name: 'Summit Pest Solutions', postalCode: '80012', categoryIds: [109, 10901, 10902], rating: 4.4, reviewCount: 66 },
  { id: 2006, type: 'HA', name: 'Aurora Tank & Boiler', postalCode: '80012', categoryIds: [10002, 101, 10101], rating: 4.3, reviewCount: 29 },
  {
    id: 2005,
    type: 'HA',
    name: 'Cap City Plumbing',
    postalCode: '78701',
    categoryIds: [100, 10001, 10002],
    rating: 4.0,
    reviewCount: 12,
    serviceArea: ['78701'],
  },
];

export function seedProviders(): Provider[] {
  return ROWS.map((row) => ({
    id: row.id,
    type: row.type,
    name: row.name,
    postalCode: row.postalCode,
    categoryIds: [...row.categoryIds],
    // Deterministic counts: the first category has the most reviews (the funnel's default).
    reviewCountByCategory: Object.fromEntries(row.categoryIds.map((id, index) => [id, Math.max(0, Math.round(row.reviewCount / (index + 1.5)))])),
    serviceArea: [...(row.serviceArea ?? DENVER_METRO)],
    rating: row.rating,
    reviewCount: row.reviewCount,
    inboxEnabled: row.inboxEnabled ?? false,
    linkedAlId: row.linkedAlId ?? null,
    displayPreferences: [],
  }));
}

export function seedRegisteredNumbers(now: Date): RegisteredNumber[] {
  const day = 86_400_000;
  return [
    { spId: MAIN_PROVIDER_ID, brand: 'ADS', name: 'Office line', phoneNumber: '3035550100', createDate: new Date(now.getTime() - 90 * day).toISOString() },
    { spId: MAIN_PROVIDER_ID, brand: 'ADS', name: 'Dispatch mobile', phoneNumber: '7205550111', createDate: new Date(now.getTime() - 20 * day).toISOString() },
    { spId: 1003, brand: 'ADS', name: 'Main', phoneNumber: '3035550300', createDate: new Date(now.getTime() - 40 * day).toISOString() },
  ];
}
