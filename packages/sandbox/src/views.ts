import type * as v from 'valibot';
import type { LeadPageResponseSchema, LeadPageResponseV2Schema } from '../../../src/gateway/lead/provider-lead-schemas';
import type { ProviderSummarySchema, FetchedLeadSchema } from '../../../src/gateway/lead/funnel/schemas';
import type { LeadSchema } from '../../../src/gateway/office/schemas';
import type { ContactInfoEntrySchema } from '../../../src/gateway/message-center/schemas';
import type { ProviderCategorySchema, TaxonomyCategorySchema } from '../../../src/gateway/core/shared-schemas';
import { isMaskedNumberActive } from '../../../src/domain/masked-number';
import type { SandboxStore } from './store';
import type { Assignment, LeadContact, LeadOffer, Provider, StoredLead } from './types';
import type { TaxonomyRow } from '../../../src/domain/category-taxonomy';

/**
 * Store records → the gateway's wire shapes. Types come from the gateway schemas (input side),
 * so a shape drifting from the contract fails the type check.
 */

type In<S extends v.GenericSchema> = v.InferInput<S>;

export function categoryRef(store: SandboxStore, categoryId: number): { id: number; name: string } {
  return { id: categoryId, name: store.category(categoryId)?.name ?? 'Generic' };
}

export function taxonomyCategory(row: TaxonomyRow): In<typeof TaxonomyCategorySchema> {
  return { categoryId: row.id, name: row.name, parentCategory: row.parentId === null ? null : { categoryId: row.parentId } };
}

export function providerCategory(store: SandboxStore, provider: Provider, categoryId: number): In<typeof ProviderCategorySchema> {
  const row = store.category(categoryId);
  return {
    categoryId,
    categoryName: row?.name ?? 'Generic',
    overallReviewCount: provider.reviewCountByCategory[categoryId] ?? 0,
    parentCategory: row?.parentId === null || row === undefined ? null : { categoryId: row.parentId },
  };
}

export function providerSummary(provider: Provider): In<typeof ProviderSummarySchema> {
  return { id: provider.id, serviceProviderType: provider.type, name: provider.name, rating: provider.rating, reviewCount: provider.reviewCount };
}

/** "First Last" without the missing parts; empty when the customer gave no name. */
export function fullName(contact: Pick<LeadContact, 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** Whether the provider's temporary number for this lead still works (src/domain/masked-number.ts). */
function maskedPhoneActive(lead: StoredLead, assignment: Assignment, now: Date): boolean {
  return assignment.maskedPhone !== null && isMaskedNumberActive({ leadReceivedAt: new Date(assignment.assignedAt), smsEnabled: assignment.isSmsEnabled }, now);
}

/** The number this provider sees: the masked one when the lead is masked, else the customer's. */
export function visiblePhone(lead: StoredLead, assignment: Assignment): string | null {
  if (lead.contact.phoneNumber === null) return null;
  return assignment.maskedPhone ?? lead.contact.phoneNumber;
}

export function hasUnreadMessages(store: SandboxStore, lead: StoredLead, spId: number): boolean {
  return store.thread(spId, lead.memberId)?.unreadForProvider ?? false;
}

/** A lead as the board gets it (provider view). */
export function boardLead(store: SandboxStore, lead: StoredLead, assignment: Assignment, now: Date): In<typeof LeadSchema> {
  const provider = store.provider(assignment.spId);
  const hideThimble = provider?.displayPreferences.includes('HideThimbleForAllLeads') ?? false;
  const phone = visiblePhone(lead, assignment);
  return {
    leadId: lead.leadId,
    status: assignment.status,
    source: lead.source,
    read: assignment.read,
    hasUnreadMessages: hasUnreadMessages(store, lead, assignment.spId),
    isArchived: assignment.archived,
    createDate: lead.createDate,
    urgency: lead.urgency,
    description: lead.description,
    notes: assignment.notes,
    redemptionId: assignment.redemptionId,
    thimbleUrl: hideThimble ? null : assignment.thimbleUrl,
    feedback: assignment.feedback ? { rating: assignment.feedback.rating, reason: assignment.feedback.reason } : null,
    category: categoryRef(store, lead.categoryId),
    dealInfo: assignment.dealInfo,
    questionsAndAnswers: lead.questions.map((qa) => ({ question: qa.question, answers: [...qa.answers] })),
    customerInfo: {
      userId: lead.memberId,
      firstName: lead.contact.firstName,
      lastName: lead.contact.lastName,
      phoneNumber: phone,
      emailAddress: lead.contact.email,
      addressLineOne: lead.showAddress ? lead.address.lineOne : null,
      addressLineTwo: lead.showAddress ? lead.address.lineTwo : null,
      city: lead.address.city,
      state: lead.address.state,
      postalCode: lead.address.postalCode,
      isMaskedPhone: assignment.maskedPhone !== null && phone !== null,
      isMaskedPhoneActive: phone !== null && maskedPhoneActive(lead, assignment, now),
      isSmsEnabled: assignment.isSmsEnabled,
      phoneUrl: phone ? `tel:+1${phone}` : null,
    },
    isOptedInButNotConnected: assignment.isOptedInButNotConnected,
    isSmsEnabled: assignment.isSmsEnabled,
  };
}

function leadInfo(store: SandboxStore, lead: StoredLead) {
  return {
    title: lead.title,
    description: lead.description,
    urgency: lead.urgency,
    category: categoryRef(store, lead.categoryId),
    attributes: lead.questions.map((qa) => ({ questionText: qa.question, answerText: qa.answers.join(', ') })),
  };
}

/**
 * Lead page v1: `user` and the street address only once purchased ("If purchased, also the
 * customer's full name, phone, e-mail and address"); city/state/postal code always.
 */
export function leadPageV1(store: SandboxStore, lead: StoredLead, assignment: Assignment | undefined, offer?: LeadOffer): In<typeof LeadPageResponseSchema> {
  const purchased = assignment !== undefined;
  return {
    // A LeadFeed lead's buyers so far and when it was sent to this provider.
    purchaseWindow: offer ? { buyerCount: lead.assignments.length, sentAt: offer.sentAt } : null,
    leadId: lead.leadId,
    purchased,
    createDate: lead.createDate,
    info: leadInfo(store, lead),
    address: {
      firstLine: purchased ? lead.address.lineOne : null,
      secondLine: purchased ? lead.address.lineTwo : null,
      city: lead.address.city,
      state: lead.address.state,
      postalCode: lead.address.postalCode,
    },
    user: purchased
      ? { firstName: lead.contact.firstName, lastName: lead.contact.lastName, phone: visiblePhone(lead, assignment), email: lead.contact.email }
      : null,
  };
}

/** Lead page V2: `customerInfo` names (last name only once purchased) and the lineOne address. */
export function leadPageV2(store: SandboxStore, lead: StoredLead, assignment: Assignment | undefined, offer?: LeadOffer): In<typeof LeadPageResponseV2Schema> {
  const purchased = assignment !== undefined;
  const v1 = leadPageV1(store, lead, assignment, offer);
  return {
    ...v1,
    address: {
      lineOne: purchased ? lead.address.lineOne : null,
      lineTwo: purchased ? lead.address.lineTwo : null,
      city: lead.address.city,
      state: lead.address.state,
      postalCode: lead.address.postalCode,
    },
    customerInfo: { firstName: lead.contact.firstName, lastName: purchased ? lead.contact.lastName : null, isSmsEnabled: assignment?.isSmsEnabled ?? false },
  };
}

export function contactInfoEntry(lead: StoredLead, assignment: Assignment, now: Date): In<typeof ContactInfoEntrySchema> {
  const masked = assignment.maskedPhone !== null && lead.contact.phoneNumber !== null;
  return {
    leadId: lead.leadId,
    phoneNumber: masked ? null : lead.contact.phoneNumber,
    maskedNumber: masked ? assignment.maskedPhone : null,
    maskedNumberActive: masked && maskedPhoneActive(lead, assignment, now),
  };
}

export function fetchedLead(store: SandboxStore, lead: StoredLead): In<typeof FetchedLeadSchema> {
  return {
    leadId: lead.leadId,
    userId: lead.memberId,
    title: lead.title,
    description: lead.description,
    urgency: lead.urgency,
    postalAddress: { postalCode: lead.address.postalCode, advertisingZone: store.place(lead.address.postalCode)?.advertisingZone ?? null },
    category: categoryRef(store, lead.categoryId),
  };
}
