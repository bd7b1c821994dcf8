import { GENERIC_CATEGORY_ID, GROUPED_CATEGORIES, ROOT_CATEGORY_ID, type IconGroup } from './category-icons';

export interface TaxonomyRow {
  readonly id: number;
  readonly name: string;
  readonly parentId: number | null;
  readonly iconGroup: IconGroup;
}

/**
 * A subset of the category taxonomy (the real table has about 800 rows:
 * docs/gateway-assumptions.md#8-constants, K2): the names of
 * the ids category-icons.ts knows — that file is the one source of the ids, their parents and
 * icon groups; this one only names them (a test checks that every id has a name and every name
 * an id). To change the categories, change both.
 *
 * Shape: id 1 is the root group (a category whose parent is 1 is a top-level category, its
 * children are task categories), id -1 is 'Generic' (the fallback icon).
 */
const ROOTS: readonly TaxonomyRow[] = [
  { id: ROOT_CATEGORY_ID, name: 'All Categories', parentId: null, iconGroup: 'generic' },
  { id: GENERIC_CATEGORY_ID, name: 'Generic', parentId: null, iconGroup: 'generic' },
];

/**
 * The English name of each known category, by id (top-level categories, then their task categories).
 * @internal Exported for tests.
 */
export const CATEGORY_NAMES: Readonly<Record<number, string>> = {
  // home
  100: 'Plumbing',
  10001: 'Toilet Repair',
  10002: 'Water Heater Installation',
  10003: 'Drain Cleaning',
  10004: 'Leak Detection',
  10005: 'Sewer Line Repair',
  10006: 'Faucet Installation',
  10007: 'Sump Pump Repair',
  101: 'Heating & A/C',
  10101: 'Furnace Repair',
  10102: 'AC Installation',
  10103: 'Duct Cleaning',
  10104: 'Heat Pump Repair',
  10105: 'Thermostat Installation',
  10106: 'Boiler Service',
  102: 'Electrical',
  10201: 'Outlet Installation',
  10202: 'Electrical Panel Upgrade',
  10203: 'Lighting Installation',
  10204: 'EV Charger Installation',
  10205: 'Ceiling Fan Installation',
  103: 'Roofing',
  10301: 'Roof Repair',
  10302: 'Roof Replacement',
  10303: 'Roof Inspection',
  104: 'Landscaping & Lawn Care',
  10401: 'Lawn Mowing',
  10402: 'Sprinkler Repair',
  10403: 'Sod Installation',
  105: 'House Cleaning',
  10501: 'Deep Cleaning',
  10502: 'Move-Out Cleaning',
  10503: 'Carpet Cleaning',
  106: 'Painting',
  10601: 'Interior Painting',
  10602: 'Exterior Painting',
  10603: 'Cabinet Painting',
  107: 'Handyman Services',
  10701: 'Drywall Repair',
  10702: 'Furniture Assembly',
  10703: 'TV Mounting',
  108: 'Kitchen & Bath Remodeling',
  10801: 'Kitchen Remodel',
  10802: 'Bathroom Remodel',
  10803: 'Shower Installation',
  109: 'Pest Control',
  10901: 'Termite Treatment',
  10902: 'Rodent Control',
  110: 'Appliance Repair',
  11001: 'Refrigerator Repair',
  11002: 'Washer & Dryer Repair',
  11003: 'Dishwasher Repair',
  111: 'Flooring',
  11101: 'Hardwood Floor Installation',
  11102: 'Tile Installation',
  112: 'Windows & Doors',
  11201: 'Window Replacement',
  113: 'Gutters',
  11301: 'Gutter Cleaning',
  11302: 'Gutter Guard Installation',
  114: 'Fencing',
  11401: 'Fence Repair',
  115: 'Tree Service',
  11501: 'Tree Removal',
  11502: 'Tree Trimming',
  116: 'Pools & Spas',
  117: 'Garage Doors',
  11701: 'Garage Door Repair',
  118: 'Concrete & Masonry',
  119: 'Water Damage Restoration',
  11901: 'Water Damage Cleanup',
  // auto
  200: 'Auto Repair',
  20001: 'Brake Repair',
  20002: 'Oil Change',
  20003: 'Check Engine Light Diagnosis',
  201: 'Auto Body',
  20101: 'Dent Repair',
  202: 'Towing',
  20201: 'Roadside Assistance',
  203: 'Auto Detailing',
  // health
  300: 'Dentists',
  30001: 'Teeth Cleaning',
  301: 'Chiropractors',
  302: 'Physical Therapy',
  303: 'Massage Therapy',
  // pets
  400: 'Veterinarians',
  40001: 'Pet Vaccinations',
  401: 'Pet Grooming',
  40101: 'Dog Grooming',
  402: 'Dog Training',
  40201: 'Obedience Training',
  403: 'Pet Sitting',
  // events
  500: 'Photographers',
  50001: 'Wedding Photography',
  501: 'Caterers',
  502: 'DJs',
};

export const TAXONOMY: readonly TaxonomyRow[] = [
  ...ROOTS,
  ...GROUPED_CATEGORIES.map(({ id, parentId, iconGroup }) => ({ id, name: CATEGORY_NAMES[id] ?? `Category ${id}`, parentId, iconGroup })),
];

/** What GET /v1/topCategories answers, most requested first. */
export const TOP_CATEGORY_IDS: readonly number[] = [100, 101, 102, 103, 105, 107, 104, 108];
