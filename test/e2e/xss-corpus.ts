/**
 * The XSS corpus (docs/reliability.md): strings a customer or a provider could put in any field a
 * widget renders. Built as vectors × wrappers; every vector that would run script calls the
 * page's marker `__xss(<its id>)` (test/e2e/xss.test.ts exposes it on every frame), so an
 * execution is seen and named, whatever the way in (HTML parsing, an event handler, a
 * `javascript:` link that got through, a template engine, an `eval`).
 *
 * Categories (CATEGORY below): script tags, event-handler attributes, URLs (javascript:, data:,
 * vbscript:, protocol-relative, mailto:/tel: with markup), SVG/MathML, template and
 * attribute/context breakouts, markdown-ish links, entity and escape encodings, bidi overrides,
 * zero-width characters, control characters, and very long strings (10,000 characters).
 */

export type XssCategory =
  | 'script-tag'
  | 'event-handler'
  | 'url'
  | 'svg'
  | 'template'
  | 'breakout'
  | 'markdown'
  | 'encoding'
  | 'bidi'
  | 'zero-width'
  | 'control'
  | 'long';

export interface XssPayload {
  /** 1-based, unique: the number the payload passes to `__xss`. */
  readonly id: number;
  readonly category: XssCategory;
  readonly text: string;
}

/** The marker every executing payload calls (a function the test exposes on every frame). */
export const XSS_MARKER = '__xss';

type Vector = readonly [category: XssCategory, make: (call: string) => string];

/** `call` is the marker call with this payload's id, e.g. `__xss(17)`. */
const VECTORS: readonly Vector[] = [
  // <script> in its spellings.
  ['script-tag', (c) => `<script>${c}</script>`],
  ['script-tag', (c) => `<ScRiPt>${c}</sCrIpT>`],
  ['script-tag', (c) => `<script src="data:text/javascript,${c}"></script>`],
  ['script-tag', (c) => `<script/x>${c}</script>`],
  ['script-tag', (c) => `</script><script>${c}</script>`],
  ['script-tag', (c) => `<<script>${c};//<</script>`],
  // Event-handler attributes.
  ['event-handler', (c) => `<img src=x onerror=${c}>`],
  ['event-handler', (c) => `<img src="x" onerror="${c}">`],
  ['event-handler', (c) => `<svg onload=${c}>`],
  ['event-handler', (c) => `<body onload=${c}>`],
  ['event-handler', (c) => `<details open ontoggle=${c}>`],
  ['event-handler', (c) => `<input autofocus onfocus=${c}>`],
  ['event-handler', (c) => `<video><source onerror=${c}></video>`],
  ['event-handler', (c) => `<iframe onload=${c}></iframe>`],
  ['event-handler', (c) => `<div style="width:100vw;height:100vh;position:fixed;left:0;top:0" onmouseover=${c}>x</div>`],
  ['event-handler', (c) => `<a href="#" onclick="${c}">click</a>`],
  ['event-handler', (c) => `<object data="x" onerror=${c}></object>`],
  ['event-handler', (c) => `<img src=x:x onerror=&#x5F;&#x5F;xss(${c.slice(6)}>`],
  // URLs in every scheme a link must not get.
  ['url', (c) => `javascript:${c}`],
  ['url', (c) => `JaVaScRiPt:${c}`],
  ['url', (c) => ` \tjavascript:${c}`],
  ['url', (c) => `java\tscript:${c}`],
  ['url', (c) => `javascript://%0a${c}`],
  ['url', (c) => `data:text/html,<script>${c}</script>`],
  ['url', (c) => `data:text/html;base64,${base64(`<script>${c}</script>`)}`],
  ['url', (c) => `vbscript:${c}`],
  ['url', (c) => `//evil.example/${c}`],
  ['url', (c) => `http://evil.example/?${c}`],
  ['url', (c) => `https://evil.example/"onmouseover="${c}`],
  ['url', (c) => `mailto:a@example.com?body=<script>${c}</script>`],
  ['url', (c) => `tel:+1"><svg onload=${c}>`],
  // SVG and MathML.
  ['svg', (c) => `<svg><script>${c}</script></svg>`],
  ['svg', (c) => `<svg><animate onbegin=${c} attributeName=x dur=1s>`],
  ['svg', (c) => `<svg><a xlink:href="javascript:${c}"><text x="20" y="20">x</text></a></svg>`],
  ['svg', (c) => `<svg><foreignObject><iframe srcdoc="<script>parent.${c}</script>"></iframe></foreignObject></svg>`],
  ['svg', (c) => `<math><mtext><table><mglyph><style><img src=x onerror=${c}>`],
  // Template engines and contexts a string might be pasted into.
  ['template', (c) => `{{constructor.constructor('${c}')()}}`],
  ['template', (c) => `\${${c}}`],
  ['template', (c) => `<%= ${c} %>`],
  ['template', (c) => `#{${c}}`],
  ['template', (c) => `<template><img src=x onerror=${c}></template>`],
  ['template', (c) => `<noscript><p title="</noscript><img src=x onerror=${c}>">`],
  ['breakout', (c) => `"><script>${c}</script>`],
  ['breakout', (c) => `'><img src=x onerror=${c}>`],
  ['breakout', (c) => `" onmouseover="${c}`],
  ['breakout', (c) => `' autofocus onfocus='${c}`],
  ['breakout', (c) => `'-${c}-'`],
  ['breakout', (c) => `";${c};//`],
  ['breakout', (c) => `</textarea><script>${c}</script>`],
  ['breakout', (c) => `</style><script>${c}</script>`],
  // Markdown-ish.
  ['markdown', (c) => `[click here](javascript:${c})`],
  ['markdown', (c) => `![photo](x" onerror="${c})`],
  ['markdown', (c) => `<javascript:${c}>`],
  ['markdown', (c) => `[site](data:text/html,<script>${c}</script>)`],
  ['markdown', (c) => `**<img src=x onerror=${c}>** _ok_`],
  // Encodings a decoder might turn back into markup or a scheme.
  ['encoding', (c) => `&lt;script&gt;${c}&lt;/script&gt;`],
  ['encoding', (c) => `%3Cscript%3E${c}%3C%2Fscript%3E`],
  ['encoding', (c) => `\\u003cscript\\u003e${c}\\u003c/script\\u003e`],
  ['encoding', (c) => `&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${c}`],
  ['encoding', (c) => `\uFF1Cscript\uFF1E${c}\uFF1C/script\uFF1E`],
  // Invisible and direction-changing characters.
  ['zero-width', (c) => `java\u200Bscript:${c}`],
  ['zero-width', (c) => `<scr\u200Dipt>${c}</scr\u200Dipt>`],
  ['control', (c) => `\u0000<img src=x onerror=${c}>`],
  ['control', (c) => `x\r\n\r\n<script>${c}</script>`],
];

/**
 * Wrappers: how the vector sits in a field. Plain; after a real-looking value; between bidi
 * overrides (RLO … PDF, and isolates), so the text displays reversed; after zero-width joiners
 * and a BOM; on a second line.
 */
const WRAPPERS: readonly [label: XssCategory | null, wrap: (text: string) => string][] = [
  [null, (t) => t],
  [null, (t) => `Jane ${t} Doe`],
  ['bidi', (t) => `\u202E${t}\u202C gnp.exe`],
  ['zero-width', (t) => `\u200D\u200C\uFEFF${t}\u2060`],
  ['bidi', (t) => `\u2067${t}\u2069\u200F line two\n${t.slice(0, 12)}`],
];

/** Long strings (10,000 characters): unbroken, with a vector at the end, a long URL, combining marks. */
const LONG: readonly ((call: string) => string)[] = [
  (c) => `${'A'.repeat(10_000)}<img src=x onerror=${c}>`,
  (c) => `https://example.com/${'a'.repeat(10_000)}?q=<script>${c}</script>`,
  (c) => `${'W\u0336\u0335'.repeat(3400)}<svg onload=${c}>`,
  (c) => `${'\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'.repeat(1400)}"><script>${c}</script>`,
  (c) => `${'x@'.repeat(5000)}example.com javascript:${c}`,
];

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function build(): XssPayload[] {
  const out: XssPayload[] = [];
  const add = (category: XssCategory, make: (call: string) => string) => {
    const id = out.length + 1;
    out.push({ id, category, text: make(`${XSS_MARKER}(${id})`) });
  };
  for (const [label, wrap] of WRAPPERS) {
    for (const [category, make] of VECTORS) add(label ?? category, (call) => wrap(make(call)));
  }
  for (const make of LONG) add('long', make);
  return out;
}

/** The corpus: every payload distinct, ids 1…n. */
export const XSS_PAYLOADS: readonly XssPayload[] = build();

/** `count` payloads starting at `start` (wrapping round the corpus): spreads it across fields. */
export function payloadSlice(start: number, count: number): XssPayload[] {
  return Array.from({ length: count }, (_, i) => XSS_PAYLOADS[(start + i) % XSS_PAYLOADS.length]!);
}

/** The corpus in `size` groups (the last may be shorter), e.g. one group per message or question. */
export function payloadGroups(size: number): XssPayload[][] {
  const groups: XssPayload[][] = [];
  for (let i = 0; i < XSS_PAYLOADS.length; i += size) groups.push(XSS_PAYLOADS.slice(i, i + size));
  return groups;
}
