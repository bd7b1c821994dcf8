import type { MessageParams } from './core/translate';

/** The plural category of a count in a language (`Intl.PluralRules#select`'s answer). */
export type PluralRule = (count: number) => Intl.LDMLPluralRule;

/**
 * English cardinal plurals without Intl (an en-US page makes no Intl object on its way to the
 * first content; see format.ts): 'one' for exactly 1, 'other' for everything else.
 */
const englishPlural: PluralRule = (count) => (count === 1 ? 'one' : 'other');

/**
 * `{count, plural, =0 {…} one {…} other {…}}`, ICU's plural argument without its nesting of
 * other arguments' kinds: `#` in a branch is the count, `{name}` placeholders work in branches.
 */
const PLURAL = /\{(\w+),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g;

/** The branches of a plural argument, by selector ('=0', 'one', 'other'…). */
function pluralBranches(body: string): Map<string, string> {
  return new Map([...body.matchAll(BRANCH)].map((match) => [match[1]!, match[2]!]));
}

/**
 * Fills `{name}` placeholders and `{name, plural, …}` arguments (the `interpolate` of a locale with plurals); an unknown placeholder is left
 * as written so it is visible. A plural picks `=n`, then the count's category, then `other`.
 */
export function interpolatePlural(template: string, params?: MessageParams, plural: PluralRule = englishPlural): string {
  if (!params) return template;
  const withPlurals = template.includes(', plural,')
    ? template.replace(PLURAL, (whole, name: string, body: string) => {
        if (!Object.hasOwn(params, name)) return whole;
        const count = Number(params[name]);
        const branches = pluralBranches(body);
        const branch = branches.get(`=${count}`) ?? (Number.isFinite(count) ? branches.get(plural(count)) : undefined) ?? branches.get('other');
        return branch === undefined ? whole : branch.replaceAll('#', String(params[name]));
      })
    : template;
  return withPlurals.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * The placeholders a text takes, plural arguments and the placeholders inside their branches
 * included (sorted, each once): a translation must take the same ones as the en-US text.
 * @internal Only tests use it: no shipped code calls it.
 */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>();
  const rest = template.replace(PLURAL, (_whole, name: string, body: string) => {
    names.add(name);
    for (const branch of pluralBranches(body).values()) for (const match of branch.matchAll(/\{(\w+)\}/g)) names.add(match[1]!);
    return '';
  });
  for (const match of rest.matchAll(/\{(\w+)\}/g)) names.add(match[1]!);
  return [...names].sort();
}
