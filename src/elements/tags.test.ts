// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { kebab, pascal, reserveCss, TAG_NAMES, TAGS } from './tags';

/** The declarations of the rule for `selector` in `css`, or null. */
function rule(css: string, selector: string): string | null {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(css)?.[1] ?? null;
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
