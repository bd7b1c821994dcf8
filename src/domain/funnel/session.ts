import type { FunnelFormValues } from './form';
import type { FunnelStep } from './routes';

/**
 * The funnel's session state and what of it survives a reload.
 *
 * Survives (written to sessionStorage by the widget): isAuthenticatedWorkflow,
 * entryPointReferrer, the step, the category (with task category and names), the postal code,
 * and the ids the step needs to be shown again — the provider id (project step) and the lead id
 * (suggestions, summary; inside `<lead-app>` they are in the path anyway). rehydrateComplete is
 * the flag that the restore has run: it is set after reading, never read back from storage.
 *
 * Never written: the one-time token, the customer's contact details (name, e-mail, phone,
 * address), the project description and answers, the provider selection. (A request that could
 * not be sent is kept apart, on the device: docs/drafts.md#the-funnels-request.) The persisted record
 * is built field by field here, never by copying state.
 */

export interface FunnelSession {
  /** True once the persisted state was read (or found absent): the funnel may render its step. */
  readonly rehydrateComplete: boolean;
  /** True when the host signed the customer in (gave a one-time token) when the funnel started. */
  readonly isAuthenticatedWorkflow: boolean;
  /** Where the customer entered from (a partner page, a label); never a query string. */
  readonly entryPointReferrer: string | null;
  readonly step: FunnelStep;
  readonly leadId: number | null;
}

export const INITIAL_FUNNEL_SESSION: FunnelSession = Object.freeze({
  rehydrateComplete: false,
  isAuthenticatedWorkflow: false,
  entryPointReferrer: null,
  step: 'entry',
  leadId: null,
});

/** The record written to storage (version 1). */
export interface PersistedFunnel {
  readonly isAuthenticatedWorkflow: boolean;
  readonly entryPointReferrer: string | null;
  readonly step: FunnelStep;
  readonly categoryId: number | null;
  readonly categoryName: string | null;
  readonly taskCategoryId: number | null;
  readonly taskCategoryName: string | null;
  readonly postalCode: string | null;
  readonly serviceProviderId: number | null;
  readonly leadId: number | null;
}

/**
 * The form's fields that may be kept on the device (sessionStorage, a kept request), field by field:
 * nothing else of the form can slip in.
 */
export function keptFormFields(
  form: Pick<FunnelFormValues, 'categoryId' | 'categoryName' | 'taskCategoryId' | 'taskCategoryName' | 'postalCode' | 'serviceProviderId'>,
) {
  return {
    categoryId: form.categoryId,
    categoryName: form.categoryName,
    taskCategoryId: form.taskCategoryId,
    taskCategoryName: form.taskCategoryName,
    postalCode: form.postalCode,
    serviceProviderId: form.serviceProviderId,
  };
}

export function persistedFunnel(session: FunnelSession, form: FunnelFormValues): PersistedFunnel {
  return {
    isAuthenticatedWorkflow: session.isAuthenticatedWorkflow,
    entryPointReferrer: session.entryPointReferrer,
    step: session.step,
    ...keptFormFields(form),
    leadId: session.leadId,
  };
}

/** Session and form after a restore: the persisted fields over the current ones, rehydrateComplete set. */
export function restoreFunnel(
  persisted: PersistedFunnel | null,
  session: FunnelSession,
  form: FunnelFormValues,
): { session: FunnelSession; form: FunnelFormValues } {
  if (!persisted) return { session: { ...session, rehydrateComplete: true }, form };
  return {
    session: {
      ...session,
      rehydrateComplete: true,
      // Once authenticated, the workflow stays so for the browser session (the token itself is gone).
      isAuthenticatedWorkflow: session.isAuthenticatedWorkflow || persisted.isAuthenticatedWorkflow,
      entryPointReferrer: persisted.entryPointReferrer ?? session.entryPointReferrer,
      step: persisted.step,
      leadId: persisted.leadId,
    },
    form: {
      ...form,
      categoryId: persisted.categoryId,
      categoryName: persisted.categoryName,
      taskCategoryId: persisted.taskCategoryId,
      taskCategoryName: persisted.taskCategoryName,
      postalCode: persisted.postalCode,
      serviceProviderId: persisted.serviceProviderId,
    },
  };
}

/** Referrers longer than this are cut. */
export const REFERRER_MAX_LENGTH = 200;

/**
 * The referrer as kept: a URL without its query and fragment (they can hold tokens, e-mail
 * addresses or campaign ids tied to a person), other text trimmed and cut; null when empty.
 */
export function sanitizeReferrer(raw: string | null | undefined): string | null {
  // Control characters dropped (a referrer is shown and stored as plain text).
  const text = Array.from(raw ?? '')
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return `${url.origin}${url.pathname}`.slice(0, REFERRER_MAX_LENGTH);
    } catch {
      return null;
    }
  }
  return text.replace(/[?#].*$/, '').slice(0, REFERRER_MAX_LENGTH) || null;
}
