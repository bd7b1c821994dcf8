/**
 * The troubleshooting page is the setup problems' documentation (docs/troubleshooting.md): every
 * cause leadkit reports has its section, at the anchor its console line links to, on the docs
 * site's page its URL names — and no section names a cause that does not exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETUP_CAUSES } from '../src/gateway/core/setup-causes';
import { TROUBLESHOOTING_URL, troubleshootingUrl } from '../src/gateway/core/setup-sentences';
import { anchorsOf, sitePageOf } from '../stories/docs/site-pages';

const FILE = 'docs/troubleshooting.md';
const source = fs.readFileSync(path.resolve(__dirname, '..', FILE), 'utf8');
const homepage = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'package.json'), 'utf8')) as { homepage: string }).homepage;

describe('docs/troubleshooting.md', () => {
  it("is the docs site's page the console lines link to", () => {
    const page = sitePageOf(FILE, () => false);
    expect(TROUBLESHOOTING_URL).toBe(`${homepage}?path=/docs/${page.entry}`);
  });

  it.each(SETUP_CAUSES)('has a section for %s at its anchor', (cause) => {
    expect(anchorsOf(source)).toContain(cause);
    expect(troubleshootingUrl(cause).endsWith(`#${cause}`)).toBe(true);
  });

  it('has no section for a cause leadkit does not report', () => {
    const sections = [...source.matchAll(/^## (\S+)$/gm)].map((match) => match[1]);
    expect(sections.sort()).toEqual([...SETUP_CAUSES].sort());
  });
});
