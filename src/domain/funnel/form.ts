/**
 * The request-a-quote form values: what the funnel's
 * steps fill in and the rules in funnel-*.ts read and update. React-free, immutable updates.
 */

/** Provider types: AL (the marketplace's own listings) and HA (a partner network). */
export type FunnelProviderType = 'AL' | 'HA';

export interface FunnelFormValues {
  readonly categoryId: number | null;
  readonly categoryName: string | null;
  readonly taskCategoryId: number | null;
  readonly taskCategoryName: string | null;
  readonly postalCode: string | null;
  readonly advertisingZone: number | null;
  readonly serviceRequestId: number | null;
  readonly serviceProviderId: number | null;
  /**
   * The suggestion page's checkbox fields by name: `additional-sp-{id}` for AL providers,
   * `additional-hasp-{id}` for HA ones; true when checked.
   */
  readonly additionalFields: Readonly<Record<string, boolean>>;
  /** AL providers checked, in the order the customer checked them. */
  readonly selectedAdditionalSpList: readonly number[];
  /** The same ids in the order the gateway suggested them (what is sent). */
  readonly selectedAdditionalSpListWithGatewayOrder: readonly number[];
  readonly selectedAdditionalSpListCount: number;
  readonly selectedAdditionalHaSpList: readonly number[];
  readonly selectedAdditionalHaSpListWithGatewayOrder: readonly number[];
  readonly selectedAdditionalHaSpListCount: number;
  readonly selectedAdditionalTotalSpListCount: number;
}

export const EMPTY_FUNNEL_FORM: FunnelFormValues = Object.freeze({
  categoryId: null,
  categoryName: null,
  taskCategoryId: null,
  taskCategoryName: null,
  postalCode: null,
  advertisingZone: null,
  serviceRequestId: null,
  serviceProviderId: null,
  additionalFields: Object.freeze({}),
  selectedAdditionalSpList: Object.freeze([]),
  selectedAdditionalSpListWithGatewayOrder: Object.freeze([]),
  selectedAdditionalSpListCount: 0,
  selectedAdditionalHaSpList: Object.freeze([]),
  selectedAdditionalHaSpListWithGatewayOrder: Object.freeze([]),
  selectedAdditionalHaSpListCount: 0,
  selectedAdditionalTotalSpListCount: 0,
});

/** What a category choice sets (taxonomy rule, provider category choice). */
export interface CategorySelection {
  readonly categoryId: number;
  readonly categoryName: string | null;
  readonly taskCategoryId: number | null;
  readonly taskCategoryName: string | null;
}

export function withCategory(form: FunnelFormValues, selection: CategorySelection): FunnelFormValues {
  return { ...form, ...selection };
}

/** No category (and so no task category). */
export function withoutCategory(form: FunnelFormValues): FunnelFormValues {
  return { ...form, categoryId: null, categoryName: null, taskCategoryId: null, taskCategoryName: null };
}

/** The category a lead is filed under: the task category when there is one, else the category. */
export function leadCategoryId(form: Pick<FunnelFormValues, 'categoryId' | 'taskCategoryId'>): number | null {
  return form.taskCategoryId ?? form.categoryId;
}

/** A US postal code as the gateway takes it: five digits. */
export function isPostalCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{5}$/.test(value);
}
