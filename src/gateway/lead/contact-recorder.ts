import type { CreateContactRequest } from './contact-schemas';

// What a host's contact recorder is (its use: message-contact.ts). Below the gateway client,
// whose config names it, as message-contact.ts uses the client.

/** What a host's `recordContact` is asked with besides the payload: a signal that aborts at the gateway's time limit. */
export interface RecordContactContext {
  signal?: AbortSignal;
}

/** A host's contact recorder (`recordContact` of the gateway config): given the spec's payload, checked. */
export type RecordContact = (payload: CreateContactRequest, context: RecordContactContext) => Promise<void>;
