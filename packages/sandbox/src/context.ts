import type { SandboxChat } from './chat';
import type { FaultController } from './faults';
import type { RecordedRequest, SandboxStore } from './store';

/** Per-request values the middlewares hand to the routes. */
interface SandboxVariables {
  /** The parsed JSON body; undefined without a body; INVALID_JSON when it did not parse. */
  body: unknown;
  /** The body as received (idempotency fingerprints). */
  rawBody: string;
  record: RecordedRequest;
}

export interface SandboxEnv {
  Variables: SandboxVariables;
}

/** What every route module gets. */
export interface SandboxContext {
  readonly store: SandboxStore;
  readonly faults: FaultController;
  readonly now: () => Date;
  /** The chat service (conversations, tokens, media, live events, simulated customer). */
  readonly chat: SandboxChat;
  /** Back to the seed: data, request log, idempotency keys and faults. */
  readonly reset: () => void;
}
