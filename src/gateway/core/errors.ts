import type { MessageKey } from '../../i18n/en-US';
import type { SetupProblem } from './setup-causes';

/**
 * What went wrong with a gateway call:
 * - `http`: the gateway answered with a 4xx/5xx status;
 * - `challenge`: a 511 with the gateway's challenge body (queued for replay when replayable);
 * - `network`: no answer (offline, DNS, connection reset, dropped response);
 * - `timeout`: no answer within the client's time limit;
 * - `aborted`: the caller's signal aborted the call (a superseded request);
 * - `invalid-response`: the answer did not fit the call's schema;
 * - `invalid-request`: the caller passed input that does not fit the call's schema.
 */
export type GatewayErrorKind = 'http' | 'challenge' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'invalid-request';

/**
 * The one error type every gateway call raises. Its message names the operation and the
 * status only: never a URL (queries can hold customer names), a token or payload data.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly kind: GatewayErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** The parsed response body, if any (may hold customer data: never log it). */
  readonly body: unknown;
  /** The operation name, e.g. `office.getLeads`. */
  readonly operation: string;
  /** Field paths (no values) for invalid-request / invalid-response. */
  readonly issues: readonly string[];
  /** When the failure says a host setting is wrong: which, and what to change (setup-problems.ts). */
  readonly setup: SetupProblem | null;

  constructor(init: {
    kind: GatewayErrorKind;
    operation: string;
    status?: number | null;
    body?: unknown;
    issues?: readonly string[];
    setup?: SetupProblem | null;
  }) {
    const status = init.status ?? null;
    super(`${init.operation} failed: ${init.kind}${status === null ? '' : ` ${status}`}`);
    this.kind = init.kind;
    this.status = status;
    this.body = init.body;
    this.operation = init.operation;
    this.issues = init.issues ?? [];
    this.setup = init.setup ?? null;
  }
}

/** The same failure, known to come from a wrong host setting. */
export function withSetupProblem(error: GatewayError, setup: SetupProblem): GatewayError {
  return new GatewayError({ kind: error.kind, operation: error.operation, status: error.status, body: error.body, issues: error.issues, setup });
}

export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof GatewayError;
}

export function isAbortError(error: unknown): boolean {
  return isGatewayError(error) && error.kind === 'aborted';
}

/** The statuses the error catalogue (docs/gateway.md#errors) gives a line of their own; anything else maps to 'other'. */
const CATALOGUED_STATUSES = [400, 401, 403, 408, 429, 500, 502, 503, 504] as const;
type CataloguedStatus = (typeof CATALOGUED_STATUSES)[number];

function isCatalogued(status: number | null): status is CataloguedStatus {
  return status !== null && (CATALOGUED_STATUSES as readonly number[]).includes(status);
}

export interface ErrorDescription {
  /** Status the description was chosen for, null without a response. */
  status: number | null;
  /** The status line's title; null where the detail says it all (the 'other status' apology). */
  titleKey: MessageKey | null;
  detailKey: MessageKey;
  /** A caller's own message: it wins over the status text (docs/architecture.md#decision-errors). */
  customMessage?: string;
}

/**
 * Maps an error to the error catalogue. A custom message (the caller's, for a given screen)
 * wins over the status text; the title still names the status.
 */
export function describeGatewayError(error: unknown, customMessage?: string): ErrorDescription {
  const gatewayError = isGatewayError(error) ? error : null;
  let status = gatewayError?.status ?? null;
  let titleKey: MessageKey | null;
  let detailKey: MessageKey;
  if (gatewayError?.kind === 'timeout') status = 408;
  if (isCatalogued(status)) {
    titleKey = `error.${status}.title`;
    detailKey = `error.${status}.detail`;
  } else if (gatewayError?.kind === 'network') {
    titleKey = null;
    detailKey = 'error.network';
  } else if (gatewayError?.kind === 'challenge') {
    // A 511 the host's check has not passed: what it needs, not the apology for a missing page.
    titleKey = 'error.challenge.title';
    detailKey = 'error.challenge.detail';
  } else if (gatewayError?.kind === 'invalid-response') {
    titleKey = null;
    detailKey = 'error.invalidResponse';
  } else {
    titleKey = null;
    detailKey = 'error.other.detail';
  }
  const description: ErrorDescription = { status, titleKey, detailKey };
  if (customMessage) description.customMessage = customMessage;
  return description;
}

/**
 * Whether asking again may help: no answer (network, timeout), an answer that could not be read
 * (malformed JSON, the wrong shape, an HTML page: `invalid-response`), a status that passes
 * (408, 429, 5xx), or a gateway challenge (511: once the person has passed it the call goes
 * through; if not, asking again brings the challenge back — without 'Try again' a read such as the
 * board's page, which is never replayed, stayed an error until the page was reloaded; found by
 * the board's fault run, test/reliability/board.model.test.ts). Not after 4xx refusals
 * (400/401/403/404…), an abort or a bad request of our own. Every widget's error state offers
 * 'Try again' exactly when this is true.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isGatewayError(error)) return true;
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'invalid-response':
    case 'challenge':
      return true;
    case 'http':
      return isPassingStatus(error.status);
    default:
      return false;
  }
}

/** A status worth asking again after (none, 408, 429, 5xx): the gateway's and the chat's retries. */
export function isPassingStatus(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}
