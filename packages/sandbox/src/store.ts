import type {
  Activity,
  Assignment,
  ContactRecord,
  Deal,
  DraftReview,
  Member,
  Place,
  PostalAddress,
  Provider,
  RegisteredNumber,
  Review,
  ReviewRequestRecord,
  SandboxData,
  ServiceRequest,
  StoredLead,
  StoredMessage,
  Thread,
} from './types';
import type { TaxonomyRow } from '../../../src/domain/category-taxonomy';
import type { SavedReply } from '../../../src/domain/saved-replies';

/** What the server received, for tests that assert on it. */
export interface RecordedRequest {
  readonly seq: number;
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  /** Query values; repeated keys become arrays. */
  readonly query: Record<string, string | string[]>;
  /**
   * Header names in lower case; values as received, tokens included (the in-process log is the
   * test's own memory). `GET /sandbox/requests` masks the credentials (credentials.ts).
   */
  readonly headers: Record<string, string>;
  /** Parsed JSON body (undefined without one; the raw text when it was not JSON). */
  readonly body: unknown;
  readonly receivedAt: string;
  /** The answer's status; null while pending or when the request was dropped. */
  status: number | null;
  /** Which injected fault (if any) answered instead of the route. */
  fault: string | null;
}

export type SequenceKind = 'member' | 'lead' | 'contactInformation' | 'message' | 'contact' | 'draftReview' | 'serviceRequest' | 'request' | 'activity';

export interface StoredIdempotentResponse {
  readonly fingerprint: string;
  readonly status: number;
  readonly body: string;
  readonly contentType: string;
}

/**
 * The sandbox's mutable state: the seeded records plus what the server has received. Field
 * objects are replaced by `load` (on `reset()`), so read them from the store each time.
 */
export class SandboxStore implements SandboxData {
  taxonomy: TaxonomyRow[] = [];
  topCategoryIds: number[] = [];
  places: Place[] = [];
  providers: Provider[] = [];
  members: Member[] = [];
  tokens: Record<string, number> = {};
  postalAddresses: PostalAddress[] = [];
  leads: StoredLead[] = [];
  threads: Thread[] = [];
  messages: StoredMessage[] = [];
  activities: Activity[] = [];
  reviews: Review[] = [];
  draftReviews: DraftReview[] = [];
  reviewRequests: ReviewRequestRecord[] = [];
  registeredNumbers: RegisteredNumber[] = [];
  contacts: ContactRecord[] = [];
  deals: Deal[] = [];
  serviceRequests: ServiceRequest[] = [];
  /** Every request the server received, oldest first. */
  requests: RecordedRequest[] = [];
  /** First 2xx answer per Idempotency-Key. */
  idempotency = new Map<string, StoredIdempotentResponse>();
  /** Handy / opportunity-lead notifications and phone updates, for tests to inspect. */
  sentNotifications: { kind: 'handy' | 'ol-notification' | 'pro-selection'; leadIds: number[]; serviceRequestId: number | null; at: string }[] = [];
  phoneUpdates: { memberId: number | null; phoneNumber: string; at: string }[] = [];
  /**
   * Lifetimes of one-time tokens (epoch ms): issued ones (POST /v1/one-time-token) expire by
   * time (`expiresAt`); seeded ones have no entry until expired by POST …/expire.
   */
  tokenLifetimes = new Map<string, { issuedAt: number; expiresAt: number | null; expired: boolean }>();
  /** Saved replies by provider id, as demo host pages stored them (PUT /sandbox/saved-replies/:spId). */
  savedReplies = new Map<number, SavedReply[]>();
  /** The sandbox's clock (createSandboxGateway sets it): token expiry is read against it. */
  clock: () => Date = () => new Date();

  private seq: Record<SequenceKind, number> = {
    member: 0,
    lead: 0,
    contactInformation: 0,
    message: 0,
    contact: 0,
    draftReview: 0,
    serviceRequest: 0,
    request: 0,
    activity: 0,
  };

  constructor(data: SandboxData) {
    this.load(data);
  }

  load(data: SandboxData): void {
    Object.assign(this, data);
    this.requests = [];
    this.idempotency = new Map();
    this.sentNotifications = [];
    this.phoneUpdates = [];
    this.tokenLifetimes = new Map();
    this.savedReplies = new Map();
    const max = (values: number[], floor: number) => values.reduce((a, b) => Math.max(a, b), floor);
    const suffix = (id: string) => Number(id.replace(/\D/g, '')) || 0;
    this.seq = {
      member: max(
        this.members.map((m) => m.id),
        5000,
      ),
      // Leads created at run time get 400001 and up: easy to tell from seeded ones.
      lead: max(
        this.leads.map((l) => l.leadId),
        400_000,
      ),
      contactInformation: max(
        this.leads.map((l) => l.contact.contactInformationId),
        800_000,
      ),
      message: max(
        this.messages.map((m) => suffix(m.messageId)),
        0,
      ),
      contact: max(
        this.contacts.map((c) => c.contactId),
        90_000,
      ),
      draftReview: max(
        this.draftReviews.map((d) => suffix(d.draftReviewId)),
        0,
      ),
      // Service request ids are integers from 600001 (assign v2 sends ids as integers).
      serviceRequest: max(
        this.serviceRequests.map((s) => s.serviceRequestId),
        600_000,
      ),
      request: 0,
      activity: max(
        this.activities.map((a) => suffix(a.activityId)),
        0,
      ),
    };
  }

  /** The next id of a kind (deterministic: counters restart on `load`). */
  next(kind: SequenceKind): number {
    return ++this.seq[kind];
  }

  lead(leadId: number): StoredLead | undefined {
    return this.leads.find((lead) => lead.leadId === leadId);
  }

  provider(id: number): Provider | undefined {
    return this.providers.find((provider) => provider.id === id);
  }

  member(id: number): Member | undefined {
    return this.members.find((member) => member.id === id);
  }

  category(id: number): TaxonomyRow | undefined {
    return this.taxonomy.find((row) => row.id === id);
  }

  /** The category and its ancestors, nearest first (never the root group 1). */
  categoryLineage(id: number): TaxonomyRow[] {
    const lineage: TaxonomyRow[] = [];
    let row = this.category(id);
    while (row && row.id !== 1 && !lineage.includes(row)) {
      lineage.push(row);
      row = row.parentId === null ? undefined : this.category(row.parentId);
    }
    return lineage;
  }

  place(postalCode: string): Place | undefined {
    return this.places.find((place) => place.postalCode === postalCode);
  }

  assignment(lead: StoredLead, spId: number): Assignment | undefined {
    return lead.assignments.find((assignment) => assignment.spId === spId);
  }

  thread(spId: number, memberId: number): Thread | undefined {
    return this.threads.find((thread) => thread.spId === spId && thread.memberId === memberId);
  }

  threadFor(spId: number, memberId: number): Thread {
    let thread = this.thread(spId, memberId);
    if (!thread) {
      thread = { spId, memberId, unreadForProvider: false, unreadForMember: false };
      this.threads.push(thread);
    }
    return thread;
  }

  /** The member a one-time token acts for; undefined for an unknown, expired or ended token. */
  memberIdForToken(token: string): number | undefined {
    if (!Object.hasOwn(this.tokens, token)) return undefined;
    const lifetime = this.tokenLifetimes.get(token);
    if (lifetime && (lifetime.expired || (lifetime.expiresAt !== null && lifetime.expiresAt <= this.clock().getTime()))) return undefined;
    return this.tokens[token];
  }

  /** Leads a provider holds (its board), with that provider's copy. */
  providerLeads(spId: number): { lead: StoredLead; assignment: Assignment }[] {
    const rows: { lead: StoredLead; assignment: Assignment }[] = [];
    for (const lead of this.leads) {
      const assignment = this.assignment(lead, spId);
      if (assignment) rows.push({ lead, assignment });
    }
    return rows;
  }
}
