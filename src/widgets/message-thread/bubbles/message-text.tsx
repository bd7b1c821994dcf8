import type { MouseEvent } from 'react';
import { mailtoHref, safeHref } from '../../../domain/core/safe-url';

/**
 * Customer text as text (React escapes it; never HTML), with links only for https:, mailto:
 * and tel: (customer text is rendered as text; domain/safe-url). Anything else — http:,
 * javascript:, data: — stays plain text.
 */
const LINK = /(?:https:\/\/|mailto:|tel:)[^\s<>"']+/gi;
/** Punctuation that ends a sentence is not part of the link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A typed link's href: a mailto: only to its address (headers — cc, bcc, body — dropped; the
 * address encoded as domain/safe-url builds it), others by the trusted schemes.
 */
function linkHref(raw: string): string | null {
  if (/^mailto:/i.test(raw)) return mailtoHref(decodeSafely(raw.slice('mailto:'.length).split('?')[0] ?? ''));
  return raw.includes(':') && raw.split(':')[1] ? safeHref(raw) : null;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** @internal Exported for tests. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(TRAILING, '');
    const href = linkHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export function MessageText({ text, onLinkClick }: { text: string; onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a
            key={i}
            href={part.href}
            target={part.href.startsWith('https:') ? '_blank' : undefined}
            rel="noopener noreferrer nofollow ugc"
            onClick={onLinkClick}
          >
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
