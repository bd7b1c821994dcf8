import { isValidEmail } from './email';

/**
 * Links built from gateway data (customer phone, e-mail, address, insurer URL) render only
 * with schemes we trust: a `javascript:` or `data:` URL from a compromised record never
 * becomes a clickable link.
 */
const SAFE_LINK_SCHEMES = ['https:', 'tel:', 'mailto:'] as const;

export function safeHref(url: string | null | undefined, schemes: readonly string[] = SAFE_LINK_SCHEMES): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  // Relative links inside the host's own site are allowed (they start with a single '/').
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  return schemes.includes(parsed.protocol) ? parsed.href : null;
}

/**
 * mailto: link for an e-mail address, or null when it is not one (domain/email's rule). The
 * local part is percent-encoded (RFC 6068): `?`, `=`, `&` and `#` are legal in an address but
 * would start mailto headers — `a?cc=victim@evil.com` links to that one address
 * (`mailto:a%3Fcc%3Dvictim@evil.com`), never to `a` with a Cc.
 */
export function mailtoHref(email: string | null | undefined): string | null {
  const address = email?.trim();
  if (!address || !isValidEmail(address)) return null;
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${address.slice(at + 1)}`;
}

/** A maps search link for an address (address as a maps link). */
export function mapsHref(parts: readonly (string | null | undefined)[]): string | null {
  const query = parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

/** A media URL the message thread may load (`url`), or the source it refuses (`refused`). */
export type MediaUrlCheck = { readonly url: string; readonly refused?: undefined } | { readonly url?: undefined; readonly refused: string };

/**
 * Where a message's photos and files may load from: `https:` (a chat service's content host),
 * `blob:` (bytes already on the page), or the page's own origin (a path, or `http:` on it). A
 * protocol-relative `//host/…` or an `http:` URL elsewhere is refused (it passed the old
 * `/^(https?:|blob:|\/)/` test and linked to another host over http; test/e2e/xss.test.ts), as is
 * any other scheme. A refused URL is named by its origin only (`http://photos.example.com`), or
 * its scheme (`data:`) when it has none, never by its path or query: a developer's warning may
 * name it without naming a customer's file.
 */
export function checkMediaUrl(url: string, base: string, pageOrigin: string): MediaUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return { refused: 'a URL that does not parse' };
  }
  if (parsed.protocol === 'https:' || parsed.protocol === 'blob:') return { url };
  if (parsed.protocol === 'http:' && parsed.origin === pageOrigin) return { url };
  return { refused: parsed.protocol === 'http:' ? parsed.origin : parsed.protocol };
}
