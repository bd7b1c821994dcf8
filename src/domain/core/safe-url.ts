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
