import type { SandboxChat } from '../chat';
import { decodeChatToken } from '../chat-token';

/**
 * How the stand-in accepts a token, as Twilio does but for the signature: the token must be
 * JWT-shaped with a chat grant and an identity (chat-token.ts), issued by this sandbox (its
 * record of issued tokens stands in for the signing key: `chat.checkToken`), for the identity
 * its claims name, and not expired — by its `exp` claim or by the sandbox (`expireTokens`, the
 * chat's token fault). Twilio's error codes: 20101 invalid access token, 20104 access token
 * expired (twilsock 1.0.2 emits `tokenExpired` for 20104 on `init` and `update`).
 */

export type TokenVerdict =
  | { readonly ok: true; readonly identity: string; readonly expiresAtMs: number }
  | { readonly ok: false; readonly errorCode: 20101 | 20104; readonly description: string };

const TOKEN_INVALID = 20101;
const TOKEN_EXPIRED = 20104;

export function checkTwilioToken(chat: SandboxChat, token: unknown, nowMs: number): TokenVerdict {
  const claims = typeof token === 'string' ? decodeChatToken(token) : null;
  if (!claims || typeof token !== 'string') return { ok: false, errorCode: TOKEN_INVALID, description: 'Invalid Access Token' };
  const issued = chat.checkToken(token);
  if (issued === 'invalid' || (issued !== 'expired' && issued.identity !== claims.grants.identity)) {
    return { ok: false, errorCode: TOKEN_INVALID, description: 'Invalid Access Token' };
  }
  if (issued === 'expired' || claims.exp * 1000 <= nowMs)
    return { ok: false, errorCode: TOKEN_EXPIRED, description: 'Access Token expired or expiration date invalid' };
  return { ok: true, identity: claims.grants.identity, expiresAtMs: claims.exp * 1000 };
}
