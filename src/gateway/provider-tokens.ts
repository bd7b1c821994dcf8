import type { ProviderToken } from './core/auth';
import { GatewayError } from './core/errors';
import { setupProblem } from './core/setup-causes';
import { timeLimit } from './time-limit';

/** Which provider token an attempt sent (for the refresh after a 401). */
export interface SentToken {
  source?: ProviderToken;
  token?: Promise<string>;
}

type TokenFunction = Exclude<ProviderToken, string>;

/**
 * The token each function gave, for the whole page: every client given the same function — the
 * widgets of a page sharing one gateway config, each with its own client — asks it once, and a 401
 * refreshes it once for all of them. Keyed by the host's function (a WeakMap: the token goes with
 * it); a token is kept only here, in memory.
 */
const heldTokens = new WeakMap<TokenFunction, Promise<string>>();

/**
 * A client's provider tokens: a string as it is; a function asked once (`initial`) and its answer
 * held for the page, asked again only by `refresh` — once for all the calls, of any client, that
 * were refused the same token. Never logged, never put anywhere but the header.
 */
export function createProviderTokens(timeoutMs: number) {
  const ask = (source: TokenFunction, reason: 'initial' | 'refresh'): Promise<string> => {
    const limit = timeLimit(timeoutMs);
    const token = (async () => {
      try {
        const value = await Promise.race([
          source({ reason, signal: limit.signal }),
          new Promise<never>((_, reject) => limit.signal.addEventListener('abort', () => reject(limit.signal.reason), { once: true })),
        ]);
        if (typeof value !== 'string' || value === '' || /[\r\n]/.test(value)) throw new TypeError('not a token');
        return value;
      } finally {
        limit.clear();
      }
    })();
    // A failed ask is not held: the next call asks again.
    token.catch(() => {
      if (heldTokens.get(source) === token) heldTokens.delete(source);
    });
    heldTokens.set(source, token);
    return token;
  };
  return {
    /** The token held for `source`, asked for when there is none. */
    current(source: ProviderToken): Promise<string> {
      if (typeof source === 'string') return Promise.resolve(source);
      return heldTokens.get(source) ?? ask(source, 'initial');
    },
    /** A new token after `refused` was answered 401: asked once, whoever else was refused it. */
    refresh(source: ProviderToken, refused: Promise<string>): Promise<unknown> {
      if (typeof source === 'string') return Promise.resolve(source);
      const held = heldTokens.get(source);
      const next = held && held !== refused ? held : ask(source, 'refresh');
      return next.catch(() => undefined);
    },
    /** The token's text, or the call's error: a token that could not be had is a 401 ('Log in'). */
    async settle(token: Promise<string>, operation: string, signal: AbortSignal | undefined): Promise<string> {
      try {
        return await token;
      } catch {
        if (signal?.aborted) throw new GatewayError({ kind: 'aborted', operation });
        throw new GatewayError({ kind: 'http', status: 401, operation, setup: setupProblem('provider-token-failed') });
      }
    },
  };
}
