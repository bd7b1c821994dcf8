import { isValidEmail } from './email';

/**
 * THE URL gate (docs/embedding.md#links-leadkit-shows): everything that becomes an `href`, a `src`, an `action`
 * or a navigation goes through `checkLink`, whatever its source — a host's attribute, property or
 * route builder, a gateway's answer, a customer's text. A link is an absolute URL with a scheme
 * the use takes (`https:`, `mailto:`, `tel:`; the insurer's link `https:` only), or a path that
 * stays on the page's own origin after the browser's own parsing: the browser strips tabs and
 * newlines and reads `\` as `/`, so `/\evil.example/c` and `/<TAB>/evil.example/c` are links to
 * another host, not paths. Anything else is refused; the caller leaves the link out (or uses its
 * default) and tells the developer (a `link-refused` setup problem, naming the input).
 */

/** What one use of a link takes: which schemes an absolute URL may have, and whether a path on the page's origin. */
export interface LinkRule {
  /** Schemes an absolute URL may have, lower case with their colon (`https:`). */
  readonly schemes: readonly string[];
  /** Whether a path (or an absolute URL) on the page's own origin is taken, as that path. */
  readonly paths: boolean;
}

/** A link out of a widget: https:, mailto:, tel:, or a path on the page's origin. */
export const LINK: LinkRule = { schemes: ['https:', 'tel:', 'mailto:'], paths: true };
/** A link that must be https: (the insurer's). */
export const HTTPS_LINK: LinkRule = { schemes: ['https:'], paths: false };
/** A path on the page's origin only (where the office app is mounted; an in-app navigation). */
export const PAGE_PATH: LinkRule = { schemes: [], paths: true };

/** A link as the gate let it through (`url`: safe to put in an href), or what it refused (`refused`). */
export type LinkCheck = { readonly url: string; readonly refused?: undefined } | { readonly url?: undefined; readonly refused: string };

/**
 * The page a path is checked against where there is none (a server render, Node, an about:blank
 * frame): a path that stays on one http origin stays on any.
 */
export const NO_PAGE = 'http://page.invalid/';

/** A scheme at the start: the value is an absolute URL, not a path. */
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** C0 controls and DEL: never in a link (the browser drops tabs and newlines, so `java<TAB>script:` is `javascript:`). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `page` as a URL to resolve against: an http(s) page, else NO_PAGE. */
function pageUrl(page: string): URL {
  try {
    const url = new URL(page);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // no page URL: as NO_PAGE
  }
  return new URL(NO_PAGE);
}

/** A path with its ASCII percent-escapes decoded, again and again (`%255C` → `%5C` → `\`). */
function decodedPath(path: string): string {
  let previous: string;
  let decoded = path;
  do {
    previous = decoded;
    decoded = decoded.replace(/%([0-7][\da-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } while (decoded !== previous);
  return decoded;
}

/**
 * Whether `value` is a link `rule` takes on `page` (the page's URL, `document.baseURI`: a relative
 * path resolves against it as the browser's would) whose origin is `origin` (`location.origin`;
 * default `page`'s, and 'null' takes no path): `{ url }` to put in the href — an absolute URL
 * as the URL parser writes it, a path as the path the browser goes to (path, query and fragment,
 * never the raw text) — or `{ refused }`, what it is instead: its scheme (`javascript:`), its
 * origin (`http://evil.example`) or what is wrong with it. Never the value itself: a developer's
 * console line may name what was refused without naming a customer's data.
 *
 * Refused: control characters anywhere (spaces around the value are trimmed); a scheme the rule
 * does not take (`javascript:` in any case, `data:`, `http:`…); a path that does not stay on the
 * page's origin once the browser parsed it (`//host`, `/\host`); a path whose percent-escapes
 * decode to a backslash, a control character or a leading `//` (`/%5Chost`, `/%09/host`).
 */
export function checkLink(value: string, rule: LinkRule, page: string = NO_PAGE, origin?: string): LinkCheck {
  const trimmed = value.replace(/^ +| +$/g, '');
  if (!trimmed) return { refused: 'an empty URL' };
  if (CONTROL.test(trimmed)) return { refused: 'a control character' };
  const base = pageUrl(page);
  let parsed: URL;
  try {
    parsed = new URL(trimmed, base);
  } catch {
    return { refused: 'a URL that does not parse' };
  }
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  // An absolute URL by its scheme; a path (`//host` and `/\host` included) only on the page's origin.
  if (SCHEME.test(trimmed) && rule.schemes.includes(parsed.protocol)) return { url: parsed.href };
  if (!rule.paths || !web || parsed.origin !== (origin ?? base.origin)) return { refused: web ? parsed.origin : parsed.protocol };
  const path = decodedPath(parsed.pathname);
  if (path.includes('\\') || path.startsWith('//') || CONTROL.test(path)) return { refused: 'a path that may read as //host' };
  return { url: parsed.pathname + parsed.search + parsed.hash };
}

/**
 * `checkLink`'s URL, or null — for a link built by leadkit itself from checked parts (a phone's
 * tel:, an address's maps link), where a refusal has nothing for the developer to change.
 */
export function safeHref(url: string | null | undefined, rule: LinkRule = LINK, page: string = NO_PAGE): string | null {
  return url ? (checkLink(url, rule, page).url ?? null) : null;
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

/** Where a message's photos and files load from: https: (a chat service's content host), blob: (bytes already on the page), or the page's own origin. */
const MEDIA: LinkRule = { schemes: ['https:', 'blob:'], paths: true };

/**
 * Where a message's photos and files may load from (`page` and `origin` as for `checkLink`):
 * `https:`, `blob:`, or the page's own origin (a path, or `http:` on it), through the one gate
 * (`checkLink`). A protocol-relative `//host/…` or an `http:` URL elsewhere is refused (it passed the
 * old `/^(https?:|blob:|\/)/` test and linked to another host over http; test/e2e/xss.test.ts), as is
 * any other scheme; a refused URL is named by its origin or its scheme, never its path or query.
 */
export function checkMediaUrl(url: string, page: string, origin?: string): LinkCheck {
  return checkLink(url, MEDIA, page, origin);
}
