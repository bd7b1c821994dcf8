/**
 * The sandbox's chat tokens, JWT-shaped as Twilio's access tokens are (header.claims.signature,
 * base64url; claims `jti`, `iss`, `sub`, `iat`, `nbf`, `exp` in seconds and
 * `grants: { identity, chat: { service_sid } }`), so that the same token works on both chat
 * adapters: the sandbox chat service (routes/chat.ts) looks it up as issued, and the Twilio
 * stand-in (twilio/) reads its identity and expiry from the claims as Twilio's servers do. The
 * signature is a placeholder: nothing verifies it (the sandbox's record of issued tokens stands
 * in for a signing key). Runs in a browser too (no Buffer).
 */

/** The Conversations service the tokens grant (Twilio's shape: IS + 32 hex digits). */
export const SANDBOX_CHAT_SERVICE_SID = `IS${'5a'.repeat(16)}`;
/** The API key and account the tokens name (placeholders of Twilio's shapes). */
const API_KEY_SID = `SK${'5a'.repeat(16)}`;
const ACCOUNT_SID = `AC${'5a'.repeat(16)}`;

export interface ChatTokenClaims {
  readonly jti: string;
  readonly iss: string;
  readonly sub: string;
  readonly iat: number;
  readonly nbf: number;
  readonly exp: number;
  readonly grants: { readonly identity: string; readonly chat: { readonly service_sid: string } };
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return globalThis.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(part: string): string {
  const binary = globalThis.atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** A token for `identity`, issued at `issuedAtMs`, expiring at `expiresAtMs` (its `exp` rounds up to a second). */
export function encodeChatToken(identity: string, issuedAtMs: number, expiresAtMs: number): string {
  const header = { typ: 'JWT', alg: 'HS256', cty: 'twilio-fpa;v=1' };
  const iat = Math.floor(issuedAtMs / 1000);
  const claims: ChatTokenClaims = {
    jti: `${API_KEY_SID}-${globalThis.crypto.randomUUID()}`,
    iss: API_KEY_SID,
    sub: ACCOUNT_SID,
    iat,
    nbf: iat,
    exp: Math.ceil(expiresAtMs / 1000),
    grants: { identity, chat: { service_sid: SANDBOX_CHAT_SERVICE_SID } },
  };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}.${base64url('sandbox: not signed')}`;
}

/** The claims of a JWT-shaped token with a chat grant and an identity, or null. */
export function decodeChatToken(token: string): ChatTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(fromBase64url(parts[1]!)) as Partial<ChatTokenClaims>;
    const identity = claims.grants?.identity;
    if (typeof identity !== 'string' || identity === '' || typeof claims.exp !== 'number' || typeof claims.grants?.chat?.service_sid !== 'string') return null;
    return claims as ChatTokenClaims;
  } catch {
    return null;
  }
}
