import { describe, expect, it } from 'vitest';
import { kebab, pascal, PHONE_VIEWPORT_MAX_WIDTH, reserveCss, reserveRules, TAG_NAMES, TAGS, type TagSpec } from './tags';

/** The rules of `css` (at its top level, or inside its viewport query) as selector lists and declarations. */
function rules(css: string): { selectors: string[]; declarations: string }[] {
  return [...css.matchAll(/(?<=^|[;}{])\s*([^{}@;]+?)\s*\{([^{}]*)\}/g)].map((match) => ({
    selectors: (match[1] ?? '').split(',').map((selector) => selector.trim()),
    declarations: match[2] ?? '',
  }));
}

/** The declarations of the rule whose selector list holds `selector` in `css`, or null. */
function rule(css: string, selector: string): string | null {
  return rules(css).find((found) => found.selectors.includes(selector))?.declarations ?? null;
}

describe('the tag table', () => {
  it('names six tags, each a valid custom-element name', () => {
    expect(TAG_NAMES).toEqual(['lead-page', 'lead-board', 'lead-app', 'review-request', 'message-thread', 'raq-funnel']);
    for (const tag of TAG_NAMES) expect(tag).toMatch(/^[a-z][a-z0-9]*-[a-z0-9-]+$/);
  });

  it('spells attributes and component names from the table', () => {
    expect(kebab('newMessages')).toBe('new-messages');
    expect(kebab('spId')).toBe('sp-id');
    expect(pascal('raq-funnel')).toBe('RaqFunnel');
  });
});

describe('reserveCss (leadkit.css and the loader)', () => {
  it("keeps each tag's reserve height and display while it is undefined", () => {
    const css = reserveCss();
    for (const tag of TAG_NAMES) {
      const declarations = rule(css, `${tag}:not(:defined)`);
      expect(declarations, tag).toContain(`min-height: ${TAGS[tag].reserve.minHeight};`);
      expect(declarations, tag).toContain(`display: ${TAGS[tag].reserve.display};`);
    }
    expect(rule(css, 'review-request:not(:defined)')).toContain('display: inline-block;');
    expect(rule(css, 'review-request:not(:defined)')).toContain(`min-width: ${TAGS['review-request'].reserve.minWidth};`);
  });

  it("keeps a phone's reserve height in one viewport query where the tag has one", () => {
    const css = reserveCss();
    const query = `@media (max-width: ${PHONE_VIEWPORT_MAX_WIDTH}) {`;
    expect(css.split(query)).toHaveLength(2);
    const start = css.indexOf(query) + query.length;
    const phone = css.slice(start, css.indexOf('\n}', start));
    const outside = css.slice(0, css.indexOf(query)) + css.slice(start + phone.length);
    for (const tag of TAG_NAMES) {
      const reserve: TagSpec['reserve'] = TAGS[tag].reserve;
      const declarations = rule(phone, `${tag}:not(:defined)`);
      expect(declarations?.match(/min-height: ([^;]+);/)?.[1] ?? null, tag).toBe(reserve.phoneMinHeight ?? null);
      // Outside the query, the tag's own height.
      expect(rule(outside, `${tag}:not(:defined)`), tag).toContain(`min-height: ${reserve.minHeight};`);
    }
  });

  it('gives tags with the same reserve one rule (the loader carries these bytes)', () => {
    const css = reserveCss();
    const top = css.slice(0, css.indexOf('@media'));
    const blocks = rules(top).map((found) => found.declarations);
    expect(new Set(blocks).size).toBe(blocks.length);
    expect(rule(top, 'lead-board:not(:defined)')).toBe(rule(top, 'lead-app:not(:defined)'));
  });

  it('keeps the same space on a defined host until its widget renders (no display: the widget sets its own)', () => {
    const host = reserveRules('raq-funnel', ':host(:not(:state(lk-ready)))', { display: false });
    expect(host).toBe(
      `:host(:not(:state(lk-ready))) {\n  min-height: ${TAGS['raq-funnel'].reserve.minHeight};\n}\n` +
        `@media (max-width: ${PHONE_VIEWPORT_MAX_WIDTH}) {\n  :host(:not(:state(lk-ready))) {\n    min-height: ${TAGS['raq-funnel'].reserve.phoneMinHeight};\n  }\n}`,
    );
  });

  it('hides every tag with `hidden`, defined or not', () => {
    const css = reserveCss();
    const hidden = /([^}]*)\{\s*display: none !important;\s*\}/.exec(css)?.[1] ?? '';
    expect(hidden.split(',').map((selector) => selector.trim())).toEqual(TAG_NAMES.map((tag) => `${tag}[hidden]`));
  });

  it('writes the rules for prefixed tags', () => {
    const css = reserveCss('acme');
    expect(rule(css, 'acme-lead-board:not(:defined)')).toContain(`min-height: ${TAGS['lead-board'].reserve.minHeight};`);
    expect(css).not.toMatch(/(^|\n)lead-board:not/);
  });
});
