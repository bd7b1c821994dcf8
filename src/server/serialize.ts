/**
 * Step 3 of a server's first screen: serialize it. The shadow root's content (the answers the
 * page carries, the styles, the rendered first screen between its markers) and the element
 * around it, as HTML.
 */
import { serializeAnswers, type ServerAnswer } from '../gateway/server-answers';
import type { LeadkitTag } from '../contract/tags';
import { ANSWERS_ATTRIBUTE, PARSED_ATTRIBUTE, PARSING_ATTRIBUTE, STYLESHEET_ATTRIBUTE, VERSION_ATTRIBUTE } from '../elements/widget-tree';
import { LEADKIT_VERSION } from '../gateway/core/headers';
import baseCss from '../ui/core/base.css?inline';

export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What a render gave (render-first-screen.ts), and what goes with it into the page. */
interface RenderedFirstScreen {
  /** The first screen's HTML. */
  readonly html: string;
  /** The answers the page carries: the gateway calls' and the first-screen values. */
  readonly answers: readonly ServerAnswer[];
  /** The CSS of the components it rendered, in the order the render met them (none with a `stylesheet`). */
  readonly styles: readonly string[];
  readonly stylesheet: string | undefined;
  readonly nonce: string | undefined;
}

/** The declarative shadow root's content: the answers, the styles, the first screen between its markers. */
export function shadowRootHtml({ html, answers, styles, stylesheet, nonce }: RenderedFirstScreen): string {
  // Always there, `[]` when the first screen asked nothing: it also tells the element that its
  // shadow root is a server's first screen, to hydrate rather than replace.
  // It names the version that rendered it: another version's markup is rendered afresh.
  const data = `<script type="application/json" ${ANSWERS_ATTRIBUTE} ${VERSION_ATTRIBUTE}="${LEADKIT_VERSION}">${serializeAnswers([...answers])}</script>`;
  // Without a stylesheet URL: the CSS this first screen uses (base first; a part's own after the
  // primitives it refines, as the browser adopts them: inner components first). The element
  // adopts it as a constructed sheet and removes the element.
  const inline = stylesheet
    ? ''
    : `<style ${STYLESHEET_ATTRIBUTE}${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${[baseCss, ...[...styles].reverse()].join('\n').replace(/<\//g, '<\\/')}</style>`;
  // Between the markers the first screen stays hidden until all of it is parsed (ui/core/base.css).
  return `<span ${PARSING_ATTRIBUTE} hidden></span>${data}${inline}${html}<span ${PARSED_ATTRIBUTE} hidden></span>`;
}

/** `<tag …attributes><template shadowrootmode="open">…</template></tag>` (`written`: the attributes as HTML). */
export function elementHtml(tag: LeadkitTag, written: readonly string[], shadow: string | null): string {
  return `<${tag}${written.length ? ` ${written.join(' ')}` : ''}><template shadowrootmode="open">${shadow ?? ''}</template></${tag}>`;
}
