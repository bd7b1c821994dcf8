/**
 * What a new host developer reads first says what is true: how to get the package (it is not on
 * the registry yet: a tarball made with `npm pack`), that it is ES modules only, which browsers
 * `npm test` needs, where connecting to a real gateway is explained, and which attributes a widget
 * page's tag needs against a gateway on another origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_ATTRIBUTES, kebab, TAG_NAMES } from '../src/contract/tags';
import { extractSnippets } from './helpers/doc-snippets';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

const PACKAGE_DIRS = fs.readdirSync(path.join(ROOT, 'packages')).map((name) => `packages/${name}`);
const OWN_PACKAGES = ['leadkit', ...PACKAGE_DIRS.map((dir) => (JSON.parse(read(`${dir}/package.json`)) as { name: string }).name)];
const PAGES = ['README.md', ...markdownFiles('docs'), ...PACKAGE_DIRS.map((dir) => `${dir}/README.md`)];

describe('installing', () => {
  it('every page that installs one of leadkit’s packages by name says how to make its tarball (npm pack)', () => {
    const names = OWN_PACKAGES.map((name) => name.replace('/', '\\/')).join('|');
    const installs = new RegExp(`npm (?:install|i|add)\\b[^\\n\`]*?\\s(?:${names})(?=[\\s\`]|$)`, 'm');
    const silent = PAGES.filter((page) => installs.test(read(page)) && !/\bnpm pack\b/.test(read(page)));
    expect(silent).toEqual([]);
  });

  it('the README says what its exports are: ES modules, and whether `require()` reaches them', () => {
    const { exports, engines } = JSON.parse(read('package.json')) as { exports: Record<string, unknown>; engines: { node: string } };
    const entries = Object.values(exports).filter((target): target is Record<string, string> => typeof target === 'object' && target !== null);
    // `import` alone: `require()` finds no condition; `default`: Node's require of ES modules (≥ 20.19) loads it.
    const importOnly = entries.some((target) => 'import' in target && !('default' in target) && !('require' in target));
    const readme = read('README.md');
    expect(readme).toMatch(/are ES modules \(no CommonJS build\)/);
    if (importOnly) expect(readme).toMatch(/`require\('leadkit'\)` does not\s+resolve/);
    else {
      expect(engines.node).toBe('>=20.19');
      expect(readme).toMatch(/may `require\(\)` them on Node ≥ 20\.19/);
    }
    expect(readme).toMatch(/not on the npm registry yet/);
  });
});

describe('README', () => {
  it('names the Debian packages `npm test` needs, the ones .ci/run installs, with the command', () => {
    const packages = [...read('.ci/run').matchAll(/missing\+=\(([\w.-]+)\)/g)].map((match) => match[1] ?? '');
    expect(packages).toEqual(expect.arrayContaining(['chromium', 'firefox-esr']));
    const readme = read('README.md');
    expect(packages.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    const command = /apt-get install -y ([^`\n]+)/.exec(readme)?.[1]?.split(/\s+/) ?? [];
    expect(packages.filter((name) => !command.includes(name))).toEqual([]);
  });

  it('links the page on connecting to a real gateway from its first screen', () => {
    const firstScreen = read('README.md').split('\n').slice(0, 30).join('\n');
    expect(firstScreen).toContain('](https://leadkit.github.io/leadkit/?path=/docs/connect-gateway--docs)');
  });
});

describe('the widget pages', () => {
  const TAGS_WITH_COUNTS = ['lead-board', 'lead-app'];
  /** The tags that send a message (and so a contact record): the thread, the board's quick answer, the app's routes. */
  const TAGS_WITH_CONTACTS = ['lead-board', 'lead-app', 'message-thread'];

  it.each(TAG_NAMES)('%s: its first block names `gateway-credentials` beside `gateway-url`, and the page the attributes it needs', (tag) => {
    const page = `docs/widgets/${tag}.md`;
    const [first] = extractSnippets([page]).snippets;
    const element = new RegExp(`<${tag}\\b[^>]*>`).exec(first?.code ?? '')?.[0] ?? '';
    expect(element, `${page}: its first block shows <${tag}>`).not.toBe('');
    if (element.includes('gateway-url=')) expect(element).toContain('gateway-credentials=');
    const text = read(page);
    expect(text).toContain('](../connect-gateway.md)');
    const wanted = [
      ...(tag === 'raq-funnel' ? [] : ['gatewayCredentials']),
      ...(TAGS_WITH_COUNTS.includes(tag) ? ['noLeadCounts'] : []),
      ...(TAGS_WITH_CONTACTS.includes(tag) ? ['noContactRecord'] : []),
    ];
    expect(wanted.filter((name) => !(name in HOST_ATTRIBUTES) || !text.includes(`\`${kebab(name)}\``))).toEqual([]);
  });

  it('packages/cdn/README.md names `gateway-credentials` beside `gateway-url`', () => {
    const tags = [...read('packages/cdn/README.md').matchAll(/<[a-z]+-[a-z-]+\b[^>]*gateway-url=[^>]*>/g)].map((match) => match[0]);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.filter((tag) => !tag.includes('gateway-credentials='))).toEqual([]);
  });
});
