import * as v from 'valibot';
import type { LinkRule } from '../../domain/core/safe-url';
import type { SetupProblem } from './setup-causes';
import { shownLink, thisPage } from './shown-link';

/**
 * The gateway's 511 body. Captive portals also answer 511 (with HTML): only a JSON body of
 * this shape is a gateway challenge.
 */
const ChallengeBodySchema = v.object({
  error: v.literal('challenge_required'),
  challengeId: v.pipe(v.string(), v.minLength(1)),
  /** Where a person can pass the challenge (e.g. a captcha page), if the gateway offers one. */
  challengeUrl: v.optional(v.string()),
});
export type ChallengeBody = v.InferOutput<typeof ChallengeBodySchema>;

export function parseChallengeBody(body: unknown): ChallengeBody | null {
  const result = v.safeParse(ChallengeBodySchema, body);
  return result.success ? result.output : null;
}

/** A gateway's challenge page: https: anywhere, or a path on the gateway's own origin (the URL gate's rule for it). */
const CHALLENGE_LINK: LinkRule = { schemes: ['https:'], paths: true };

/**
 * Where a person passes the gateway's challenge (its `challengeUrl`, read from a 511's body),
 * through the URL gate (domain/core/safe-url): an https page, or a path that stays on the
 * gateway's own origin once the browser has read it (resolved against the client's base URL;
 * `/\\host`, a tab, an encoded backslash or `//host` leave it), as an absolute URL. Null when the
 * body names none (or is no challenge), or when the gate refused it — then said to `report` (the
 * element's `reportSetup`; else the page's console) as `link-refused`.
 */
export function challengeHref(body: unknown, baseURL: string, report?: (problem: SetupProblem) => void): string | null {
  const url = parseChallengeBody(body)?.challengeUrl;
  if (!url) return null;
  let gateway: URL;
  try {
    gateway = new URL(baseURL || '/', thisPage().base);
  } catch {
    return null;
  }
  const href = shownLink(url, "the gateway's `challengeUrl` (a 511's body)", CHALLENGE_LINK, report, { base: gateway.href, origin: gateway.origin });
  return href === null ? null : new URL(href, gateway).href;
}

/**
 * A deferred action: replaying it sends the original request once more, same idempotency key. A
 * call sent without one (a read) is known in the queue by a key made for it, never sent.
 */
export interface ReplayEntry {
  readonly operation: string;
  readonly idempotencyKey: string;
  /**
   * Entries of one group stand for one another (one customer's request, sent again with changed
   * details): a newer entry takes the older one's place in the queue, so only one of them is sent.
   */
  readonly group?: string | undefined;
  replay(): Promise<void>;
}

/**
 * The challenge replay (docs/gateway.md#511-challenge): add appends (an entry of a group replaces the
 * queued one of that group); replay-all dispatches every queued action, one after the other in the
 * order queued (a lead's status then its notes reach the gateway as the pro made them), then
 * empties; clear empties.
 */
export interface ReplayQueue {
  add(entry: ReplayEntry): void;
  replayAll(): Promise<void>;
  clear(): void;
  readonly size: number;
  entries(): readonly ReplayEntry[];
}

export function createReplayQueue(): ReplayQueue {
  let queue: ReplayEntry[] = [];
  return {
    add(entry) {
      // What the user asked for since stands for the older request of its group.
      if (entry.group !== undefined) queue = queue.filter((queued) => queued.group !== entry.group);
      // One user action is queued once, even if its request met several challenges.
      if (!queue.some((queued) => queued.idempotencyKey === entry.idempotencyKey)) queue.push(entry);
    },
    async replayAll() {
      const pending = queue;
      queue = [];
      // In order, each once: the next goes when the one before has its answer (or failed).
      for (const entry of pending) await entry.replay().catch(() => undefined);
    },
    clear() {
      queue = [];
    },
    get size() {
      return queue.length;
    },
    entries() {
      return [...queue];
    },
  };
}
