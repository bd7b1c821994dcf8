import type { LeadSource } from '../../../src/domain/lead-source';
import type { LeadStatus } from '../../../src/domain/lead-status';
import type { FeedbackReason } from '../../../src/domain/feedback';

/**
 * The sandbox gateway's own records. These are server-side shapes (what a backend would keep);
 * the routes turn them into the gateway's wire shapes (src/gateway/*\/schemas.ts) in views.ts.
 */

import type { TaxonomyRow } from '../../../src/domain/category-taxonomy';

export interface Place {
  readonly postalCode: string;
  readonly city: string;
  readonly stateAbbr: string;
  readonly stateName: string;
  readonly advertisingZone: number;
}

export type ProviderType = 'AL' | 'HA';

export interface Provider {
  id: number;
  type: ProviderType;
  name: string;
  postalCode: string;
  /** Categories the provider offers (top-level categories and task categories). */
  categoryIds: number[];
  /** Review counts per category (the funnel picks the category with the most). */
  reviewCountByCategory: Record<number, number>;
  /** Postal codes served. */
  serviceArea: string[];
  rating: number | null;
  reviewCount: number;
  inboxEnabled: boolean;
  /** For an HA listing of an AL business: the AL id (`details?withAlId=true` resolves to it). */
  linkedAlId: number | null;
  displayPreferences: string[];
}

export interface Member {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  postalCode: string;
}

export interface PostalAddress {
  postalAddressId: number;
  memberId: number;
  lineOne: string;
  lineTwo: string | null;
  city: string;
  state: string;
  postalCode: string;
}

export interface QuestionAnswer {
  question: string;
  answers: string[];
}

/** The contact details the customer gave with this lead (names may be missing, phone too). */
export interface LeadContact {
  contactInformationId: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
}

export interface LeadAddress {
  lineOne: string | null;
  lineTwo: string | null;
  city: string;
  state: string;
  postalCode: string;
}

export interface StoredFeedback {
  rating: number;
  reason: FeedbackReason;
  notes: string;
}

/** A provider's copy of a lead: everything the board lets that provider change. */
export interface Assignment {
  spId: number;
  /** When the lead reached this provider (also the purchase moment for a LeadFeed unlock). */
  assignedAt: string;
  status: LeadStatus;
  read: boolean;
  archived: boolean;
  /** false: hidden from the board (displayLead filter). */
  displayed: boolean;
  notes: string | null;
  feedback: StoredFeedback | null;
  redemptionId: string | null;
  dealInfo: { title: string; price: number | null } | null;
  thimbleUrl: string | null;
  /** A temporary tracking number given to this provider instead of the customer's own. */
  maskedPhone: string | null;
  isSmsEnabled: boolean;
  isOptedInButNotConnected: boolean;
}

/** A LeadFeed offer: the lead was sent to this provider, who may buy it. */
export interface LeadOffer {
  spId: number;
  sentAt: string;
}

export interface StoredLead {
  leadId: number;
  memberId: number;
  source: LeadSource;
  title: string;
  description: string | null;
  urgency: string;
  categoryId: number;
  createDate: string;
  questions: QuestionAnswer[];
  address: LeadAddress;
  showAddress: boolean;
  contact: LeadContact;
  /** AL providers holding the lead (assigned or purchased): they see it on their boards. */
  assignments: Assignment[];
  /** HA providers the lead went to. */
  haProviderIds: number[];
  offers: LeadOffer[];
  serviceRequestId: number | null;
  /** Providers (AL or HA) the member marked as hired. */
  hiredProviderIds: number[];
  external: { type: string | null; id: string | null; attributes: Record<string, string> } | null;
}

/** A conversation between a provider and a member (its unread state per side). */
export interface Thread {
  spId: number;
  memberId: number;
  unreadForProvider: boolean;
  unreadForMember: boolean;
}

export interface StoredMessage {
  messageId: string;
  spId: number;
  memberId: number;
  leadId: number | null;
  authorId: number;
  authorType: 'ServiceProvider' | 'Member';
  /** '' for a media-only chat message. */
  text: string;
  createDate: string;
  pageName: string | null;
  contactPlacementType: number | null;
  /** Images sent through the chat service (bytes are kept by the sandbox chat, packages/sandbox/src/chat.ts). */
  media?: StoredMedia[];
  /** Chat message attributes (JSON). */
  attributes?: Record<string, unknown>;
}

/** A chat message's media. */
export interface StoredMedia {
  mediaSid: string;
  contentType: string;
  filename: string | null;
  size: number;
}

export interface Activity {
  activityId: string;
  activityType: string;
  createDate: string;
  interactorId: number;
  interactorType: 'ServiceProvider' | 'Member';
  counterpartId: number;
  /** Who performed it (includeRequestorActivities=false leaves the requestor's own out). */
  actorId: number;
  /** A GenericMessage's text ('Message History'); absent for a photo alone or another type. */
  text?: string;
}

export interface Review {
  reviewId: number;
  spId: number;
  rating: number;
  text: string;
  reviewerName: string;
  createDate: string;
}

interface DraftRating {
  ratingType: string;
  value: number;
}

export interface DraftReview {
  draftReviewId: string;
  serviceProviderId: number;
  reviewSource: string;
  reviewSourceVersion: string;
  leadId: number | null;
  memberId: number | null;
  /** The customer's words. */
  title: string;
  text: string;
  ratings: DraftRating[];
  /** Set by the provider who asks for the review (the request form, or its saved draft). */
  descriptionOfWork: string;
  workCompleted: boolean | null;
  categories: number[];
  /** ISO time of the last change: a review request takes the member's latest draft. */
  updatedAt: string;
  /** ISO time of the last request by e-mail that filled this draft; null: never asked. */
  requestedAt?: string | null;
}

export interface ReviewRequestRecord {
  draftReviewId: string;
  serviceProviderId: number;
  memberId: number;
  postalCode: string;
  descriptionOfWork: string;
  workCompleted: boolean;
  categories: number[];
  createDate: string;
}

export interface RegisteredNumber {
  spId: number;
  brand: string;
  name: string;
  phoneNumber: string;
  createDate: string;
}

export interface ContactRecord {
  contactId: number;
  contactType: number;
  contactPlacementType: number | null;
  serviceProviderId: number;
  memberId: number | null;
  entityId: string | null;
  entityType: string | null;
  postalCode: string | null;
  categoryId: number | null;
  campaignId: string | null;
  createDate: string;
}

export interface Deal {
  dealId: number;
  title: string;
  price: number;
  serviceProviderId: number;
  categoryId: number;
}

export interface ServiceRequest {
  serviceRequestId: number;
  categoryId: number;
  postalCode: string;
  memberId: number | null;
  suggestedIds: number[];
  leadId: number | null;
  haSelectedIds: number[];
  createDate: string;
}

/** Everything the seed builds; the store holds a mutable copy. */
export interface SandboxData {
  taxonomy: TaxonomyRow[];
  topCategoryIds: number[];
  places: Place[];
  providers: Provider[];
  members: Member[];
  /** One-time tokens → member id. */
  tokens: Record<string, number>;
  postalAddresses: PostalAddress[];
  leads: StoredLead[];
  threads: Thread[];
  messages: StoredMessage[];
  activities: Activity[];
  reviews: Review[];
  draftReviews: DraftReview[];
  reviewRequests: ReviewRequestRecord[];
  registeredNumbers: RegisteredNumber[];
  contacts: ContactRecord[];
  deals: Deal[];
  serviceRequests: ServiceRequest[];
}
