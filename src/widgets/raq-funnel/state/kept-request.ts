import * as v from 'valibot';
import type { FunnelFormValues } from '../../../domain/funnel/form';
import type { ProjectDetails } from '../../../domain/funnel/lead';
import { keptFormFields } from '../../../domain/funnel/session';

/**
 * The customer's request as kept on this device after 'Send request' failed
 * (docs/drafts.md#the-funnels-request): what they chose and typed, so a reload, a closed tab or a
 * crash does not lose it and it can be sent again. It goes into the drafts store (IndexedDB) as
 * one text (this record as JSON) and comes back checked with valibot: a record that does not fit
 * is no request. Never the one-time token, the idempotency key (bound to the session's token: a
 * request sent again after a reload is a new one) or a lead id.
 */
export interface KeptRequest {
  /** The `sp-id` of the funnel it was sent from: only a funnel for that pro (or for none, as then) takes it back. */
  readonly spId: number | null;
  readonly form: Pick<FunnelFormValues, 'categoryId' | 'categoryName' | 'taskCategoryId' | 'taskCategoryName' | 'postalCode' | 'serviceProviderId'>;
  readonly details: ProjectDetails;
}

/** Version of the record (a later shape ignores an older one). */
const VERSION = 1;
const Id = v.pipe(v.number(), v.integer(), v.minValue(0));
const CategoryId = v.pipe(v.number(), v.integer(), v.minValue(-1));
const Name = v.pipe(v.string(), v.maxLength(200));
/** A text field, bounded generously (the step's fields have no limit of their own; a send checked them). */
const Text = v.pipe(v.string(), v.maxLength(20_000));

const KeptRequestSchema = v.object({
  version: v.literal(VERSION),
  spId: v.nullable(Id),
  form: v.object({
    categoryId: CategoryId,
    categoryName: v.nullable(Name),
    taskCategoryId: v.nullable(CategoryId),
    taskCategoryName: v.nullable(Name),
    postalCode: v.nullable(v.pipe(v.string(), v.regex(/^\d{5}$/))),
    serviceProviderId: v.nullable(Id),
  }),
  details: v.object({
    description: Text,
    urgency: v.nullable(Text),
    answers: v.pipe(v.array(v.object({ questionText: Text, answerText: Text })), v.maxLength(100)),
    address: v.object({ lineOne: Text, lineTwo: Text, city: Text, state: Text, postalCode: Text }),
    showAddress: v.boolean(),
    contact: v.object({ firstName: Text, lastName: Text, email: Text, phoneNumber: Text }),
  }),
});

/** The record's text for the drafts store. */
export function keptRequestText(request: KeptRequest): string {
  const { form, details } = request;
  // Field by field: nothing else of the state (the token, ids of a session) can slip in.
  return JSON.stringify({
    version: VERSION,
    spId: request.spId,
    form: keptFormFields(form),
    details: {
      description: details.description,
      urgency: details.urgency,
      answers: details.answers.map(({ questionText, answerText }) => ({ questionText, answerText })),
      address: { ...details.address },
      showAddress: details.showAddress,
      contact: { ...details.contact },
    },
  });
}

/** The request a text holds, or null (none, another version, a record that does not fit). */
export function parseKeptRequest(text: string | null): KeptRequest | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = v.safeParse(KeptRequestSchema, parsed);
  if (!result.success) return null;
  const { spId, form, details } = result.output;
  return { spId, form, details };
}
