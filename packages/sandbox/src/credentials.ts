/**
 * Credentials in the request log, as it leaves the process (issue 77, F6). `store.requests` keeps
 * what the server received, tokens included: it is the test's own memory, and in-process tests
 * check the very token a client sent. Over HTTP (`GET /sandbox/requests`, the one route that
 * answers the log) every credential header is masked: its scheme and its last four characters
 * (`Bearer …a1b2`; `lk_session=…kP8w` per cookie) — enough for a test in another process to tell
 * which token went, never enough to use it.
 */

/** Headers that carry a credential: `authorization`, `cookie`, and any name with a credential word in it (`x-session-token`, `x-api-key`). */
const CREDENTIAL_HEADER = /auth|cookie|token|secret|password|session|api-?key/i;

/** A credential shows its last four characters only when it has at least this many: never more than a third of it. */
const SHOWN_FROM_LENGTH = 12;

/** `…` and the last four characters (nothing of a short value). */
function masked(value: string): string {
  return value.length >= SHOWN_FROM_LENGTH ? `…${value.slice(-4)}` : '…';
}

/** `<scheme> …last4` (`Bearer …a1b2`, `OneTime …x9z8`); a value without a scheme `…last4`. */
function maskedAuthorization(value: string): string {
  const match = /^\s*([A-Za-z][\w-]*)\s+(\S.*?)\s*$/.exec(value);
  return match ? `${match[1]} ${masked(match[2]!)}` : masked(value.trim());
}

/** Each cookie's name, its value masked: `a=…1234; b=…`. */
function maskedCookie(value: string): string {
  return value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? masked(part) : `${part.slice(0, at)}=${masked(part.slice(at + 1))}`;
    })
    .join('; ');
}

/** The headers with every credential masked (names lower case, as the log keeps them). */
export function maskCredentials(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!CREDENTIAL_HEADER.test(name)) out[name] = value;
    else if (/cookie/i.test(name)) out[name] = maskedCookie(value);
    else out[name] = maskedAuthorization(value);
  }
  return out;
}
