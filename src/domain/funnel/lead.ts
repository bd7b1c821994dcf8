import { EMAIL_MAX_LENGTH, isValidEmail } from '../core/email';
import { isPostalCode, leadCategoryId, type FunnelFormValues, type FunnelProviderType } from './form';
import type { LeadSource } from '../lead-source';
import { isValidPhone, normalizePhone } from '../core/phone';
import { URGENCY_DEFAULT } from '../urgency';

/**
 * The create-lead v3 payload from the funnel's values (urgency default 'NA':
 * docs/architecture.md#funnel-constants).
 *
 * Decisions where the spec is silent:
 * - The lead is filed under the task category when there is one (it says most), else the
 *   category; its title is that category's name.
 * - Coming from a provider, the lead goes to that provider with source 'RequestAQuote' (an AL
 *   provider in `assignedServiceProviderIds`, an HA one in `assignedExternalServiceProviderIds`);
 *   without one it is a service request ('SR_RAQ') and pros are chosen on the suggestion page.
 * - Text is sent trimmed; a blank urgency is 'NA'; unanswered questions are left out; the phone
 *   goes as its 10 digits (docs/architecture.md#phone-numbers).
 * - The address's postal code is the one the customer entered on the entry step unless the
 *   project step gave one.
 */

export interface ProjectAnswer {
  readonly questionText: string;
  readonly answerText: string;
}

/**
 * What the project step collects. Never in sessionStorage (the contact details are the customer's); on
 * the device only as a request that could not be sent (docs/drafts.md#the-funnels-request).
 */
export interface ProjectDetails {
  readonly description: string;
  readonly urgency: string | null;
  readonly answers: readonly ProjectAnswer[];
  readonly address: {
    readonly lineOne: string;
    readonly lineTwo: string;
    readonly city: string;
    readonly state: string;
    readonly postalCode: string;
  };
  readonly showAddress: boolean;
  readonly contact: {
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly phoneNumber: string;
  };
}

export const EMPTY_PROJECT_DETAILS: ProjectDetails = Object.freeze({
  description: '',
  urgency: null,
  answers: Object.freeze([]),
  address: Object.freeze({ lineOne: '', lineTwo: '', city: '', state: '', postalCode: '' }),
  showAddress: false,
  contact: Object.freeze({ firstName: '', lastName: '', email: '', phoneNumber: '' }),
});

export type ProjectField = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'lineOne' | 'city' | 'state' | 'postalCode';

/** Fields the create call cannot take as they are, in form order (the view shows their messages). */
export function projectProblems(details: ProjectDetails, form: Pick<FunnelFormValues, 'postalCode'>): ProjectField[] {
  const problems: ProjectField[] = [];
  const { contact, address } = details;
  if (contact.firstName.trim() === '') problems.push('firstName');
  if (contact.lastName.trim() === '') problems.push('lastName');
  const email = contact.email.trim();
  if (email === '' || email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) problems.push('email');
  if (!isValidPhone(contact.phoneNumber)) problems.push('phoneNumber');
  if (address.lineOne.trim() === '') problems.push('lineOne');
  if (address.city.trim() === '') problems.push('city');
  if (address.state.trim() === '') problems.push('state');
  if (!isPostalCode(projectPostalCode(details, form))) problems.push('postalCode');
  return problems;
}

function projectPostalCode(details: ProjectDetails, form: Pick<FunnelFormValues, 'postalCode'>): string {
  return details.address.postalCode.trim() || (form.postalCode ?? '');
}

/** The v3 create payload's shape (the gateway's CreateLeadV3), structurally. */
export interface CreateLeadV3Payload {
  source: LeadSource;
  title: string;
  description: string;
  urgency: string;
  categoryId: number;
  showAddress: boolean;
  attributes: { questionText: string; answerText: string }[];
  assignedServiceProviderIds: number[];
  assignedExternalServiceProviderIds: number[];
  contactInformation: { email: string; firstName: string; lastName: string; phoneNumber: string };
  address: { lineOne: string; lineTwo?: string; city: string; state: string; postalCode: string };
}

/**
 * The payload for POST /v3/lead. Throws a TypeError when the values cannot make a lead (no
 * category or its name, or `projectProblems` not empty): submit checks first, so this is a
 * programming error, never something to send.
 */
export function createLeadV3Payload(form: FunnelFormValues, details: ProjectDetails, providerType: FunnelProviderType = 'AL'): CreateLeadV3Payload {
  const categoryId = leadCategoryId(form);
  const title = (form.taskCategoryId !== null ? form.taskCategoryName : form.categoryName)?.trim();
  if (categoryId === null || !title) throw new TypeError('a lead needs a category and its name');
  const problems = projectProblems(details, form);
  if (problems.length > 0) throw new TypeError(`project details are not valid: ${problems.join(', ')}`);
  const { contact, address } = details;
  const lineTwo = address.lineTwo.trim();
  const provider = form.serviceProviderId;
  return {
    source: form.serviceProviderId !== null ? 'RequestAQuote' : 'SR_RAQ',
    title,
    description: details.description.trim(),
    urgency: details.urgency?.trim() || URGENCY_DEFAULT,
    categoryId,
    showAddress: details.showAddress,
    attributes: details.answers
      .map((a) => ({ questionText: a.questionText.trim(), answerText: a.answerText.trim() }))
      .filter((a) => a.questionText !== '' && a.answerText !== ''),
    assignedServiceProviderIds: provider !== null && providerType === 'AL' ? [provider] : [],
    assignedExternalServiceProviderIds: provider !== null && providerType === 'HA' ? [provider] : [],
    contactInformation: {
      email: contact.email.trim(),
      firstName: contact.firstName.trim(),
      lastName: contact.lastName.trim(),
      phoneNumber: normalizePhone(contact.phoneNumber),
    },
    address: {
      lineOne: address.lineOne.trim(),
      ...(lineTwo ? { lineTwo } : {}),
      city: address.city.trim(),
      state: address.state.trim(),
      postalCode: projectPostalCode(details, form),
    },
  };
}
