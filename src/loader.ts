/**
 * The CDN loader (`<script type="module" src=".../leadkit.js">`): defines each leadkit tag
 * only when it appears in the page — now or inserted later — so a page downloads only the
 * widgets it uses. Until a tag is defined, its space is reserved so nothing jumps.
 * Kept tiny: no React here, only the map of tags to chunks.
 */
import reserveCss from './cdn/leadkit.css?inline';

const CHUNKS: Readonly<Record<string, () => Promise<unknown>>> = {
  'lead-page': () => import('./cdn/lead-page'),
  'lead-board': () => import('./cdn/lead-board'),
  'lead-app': () => import('./cdn/lead-app'),
  'review-request': () => import('./cdn/review-request'),
  'message-thread': () => import('./cdn/message-thread'),
  'raq-funnel': () => import('./cdn/raq-funnel'),
};


const requested = new Set<string>();

function reserveSpace(): void {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reserveCss);
  // Adopted, not a <style> element: works under a strict style-src CSP.
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function load(tag: string): void {
  const chunk = CHUNKS[tag];
  if (!chunk || requested.has(tag) || customElements.get(tag)) return;
  requested.add(tag);
  chunk().catch(() => {
    // A failed chunk (offline, blocked) may be retried when the tag appears again.
    requested.delete(tag);
  });
}

function scan(root: ParentNode): void {
  for (const tag of Object.keys(CHUNKS)) if (root.querySelector(tag)) load(tag);
}

export function startLoader(): void {
  reserveSpace();
  scan(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        const element = node as Element;
        const tag = element.localName;
        if (tag in CHUNKS) load(tag);
        scan(element);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

startLoader();
