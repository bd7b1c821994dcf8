import type { IconGroup } from './category-icons';

export type { IconGroup };

export interface TaxonomyRow {
  readonly id: number;
  readonly name: string;
  readonly parentId: number | null;
  readonly iconGroup: IconGroup;
}

/**
 * A subset of the category taxonomy (the real table has about 800 rows; spec §3). Replace this
 * file to change the categories: nothing else hard-codes a category except the seed's lead
 * mix (seed/leads.ts), which only picks ids that exist here.
 *
 * Shape: id 1 is the root group (a category whose parent is 1 is a top-level category, its
 * children are task categories, spec §4), id -1 is 'Generic' (the fallback icon, spec §2).
 */
type Row = readonly [id: number, name: string, parentId: number | null];

const ROOTS: readonly TaxonomyRow[] = [
  { id: 1, name: 'All Categories', parentId: null, iconGroup: 'generic' },
  { id: -1, name: 'Generic', parentId: null, iconGroup: 'generic' },
];

/** Top-level categories (parent 1) and their task categories, by icon group. */
const GROUPS: Readonly<Record<Exclude<IconGroup, 'generic'>, readonly Row[]>> = {
  home: [
    [100, 'Plumbing', 1],
    [10001, 'Toilet Repair', 100],
    [10002, 'Water Heater Installation', 100],
    [10003, 'Drain Cleaning', 100],
    [10004, 'Leak Detection', 100],
    [10005, 'Sewer Line Repair', 100],
    [10006, 'Faucet Installation', 100],
    [10007, 'Sump Pump Repair', 100],
    [101, 'Heating & A/C', 1],
    [10101, 'Furnace Repair', 101],
    [10102, 'AC Installation', 101],
    [10103, 'Duct Cleaning', 101],
    [10104, 'Heat Pump Repair', 101],
    [10105, 'Thermostat Installation', 101],
    [10106, 'Boiler Service', 101],
    [102, 'Electrical', 1],
    [10201, 'Outlet Installation', 102],
    [10202, 'Electrical Panel Upgrade', 102],
    [10203, 'Lighting Installation', 102],
    [10204, 'EV Charger Installation', 102],
    [10205, 'Ceiling Fan Installation', 102],
    [103, 'Roofing', 1],
    [10301, 'Roof Repair', 103],
    [10302, 'Roof Replacement', 103],
    [10303, 'Roof Inspection', 103],
    [104, 'Landscaping & Lawn Care', 1],
    [10401, 'Lawn Mowing', 104],
    [10402, 'Sprinkler Repair', 104],
    [10403, 'Sod Installation', 104],
    [105, 'House Cleaning', 1],
    [10501, 'Deep Cleaning', 105],
    [10502, 'Move-Out Cleaning', 105],
    [10503, 'Carpet Cleaning', 105],
    [106, 'Painting', 1],
    [10601, 'Interior Painting', 106],
    [10602, 'Exterior Painting', 106],
    [10603, 'Cabinet Painting', 106],
    [107, 'Handyman Services', 1],
    [10701, 'Drywall Repair', 107],
    [10702, 'Furniture Assembly', 107],
    [10703, 'TV Mounting', 107],
    [108, 'Kitchen & Bath Remodeling', 1],
    [10801, 'Kitchen Remodel', 108],
    [10802, 'Bathroom Remodel', 108],
    [10803, 'Shower Installation', 108],
    [109, 'Pest Control', 1],
    [10901, 'Termite Treatment', 109],
    [10902, 'Rodent Control', 109],
    [110, 'Appliance Repair', 1],
    [11001, 'Refrigerator Repair', 110],
    [11002, 'Washer & Dryer Repair', 110],
    [11003, 'Dishwasher Repair', 110],
    [111, 'Flooring', 1],
    [11101, 'Hardwood Floor Installation', 111],
    [11102, 'Tile Installation', 111],
    [112, 'Windows & Doors', 1],
    [11201, 'Window Replacement', 112],
    [113, 'Gutters', 1],
    [11301, 'Gutter Cleaning', 113],
    [11302, 'Gutter Guard Installation', 113],
    [114, 'Fencing', 1],
    [11401, 'Fence Repair', 114],
    [115, 'Tree Service', 1],
    [11501, 'Tree Removal', 115],
    [11502, 'Tree Trimming', 115],
    [116, 'Pools & Spas', 1],
    [117, 'Garage Doors', 1],
    [11701, 'Garage Door Repair', 117],
    [118, 'Concrete & Masonry', 1],
    [119, 'Water Damage Restoration', 1],
    [11901, 'Water Damage Cleanup', 119],
  ],
  auto: [
    [200, 'Auto Repair', 1],
    [20001, 'Brake Repair', 200],
    [20002, 'Oil Change', 200],
    [20003, 'Check Engine Light Diagnosis', 200],
    [201, 'Auto Body', 1],
    [20101, 'Dent Repair', 201],
    [202, 'Towing', 1],
    [20201, 'Roadside Assistance', 202],
    [203, 'Auto Detailing', 1],
  ],
  health: [
    [300, 'Dentists', 1],
    [30001, 'Teeth Cleaning', 300],
    [301, 'Chiropractors', 1],
    [302, 'Physical Therapy', 1],
    [303, 'Massage Therapy', 1],
  ],
  pets: [
    [400, 'Veterinarians', 1],
    [40001, 'Pet Vaccinations', 400],
    [401, 'Pet Grooming', 1],
    [40101, 'Dog Grooming', 401],
    [402, 'Dog Training', 1],
    [40201, 'Obedience Training', 402],
    [403, 'Pet Sitting', 1],
  ],
  events: [
    [500, 'Photographers', 1],
    [50001, 'Wedding Photography', 500],
    [501, 'Caterers', 1],
    [502, 'DJs', 1],
  ],
};

export const TAXONOMY: readonly TaxonomyRow[] = [
  ...ROOTS,
  ...Object.entries(GROUPS).flatMap(([iconGroup, rows]) =>
    rows.map(([id, name, parentId]) => ({ id, name, parentId, iconGroup: iconGroup as IconGroup })),
  ),
];

/** What GET /v1/topCategories answers, most requested first. */
export const TOP_CATEGORY_IDS: readonly number[] = [100, 101, 102, 103, 105, 107, 104, 108];

/** Category id of 'Generic' (spec §2: its icon is the fallback). */
export const GENERIC_CATEGORY_ID = -1;
/** The root group: a category whose parent is 1 is top level (spec §4 taxonomy rule). */
export const ROOT_CATEGORY_ID = 1;

const BY_ID: ReadonlyMap<number, TaxonomyRow> = new Map(TAXONOMY.map((row) => [row.id, row]));

export function categoryById(id: number): TaxonomyRow | undefined {
  return BY_ID.get(id);
}
