import { interpolate, type MessageParams } from '../../src/i18n/core/translate';
import { EN_US_FORMATS, type LocaleFormats } from '../../src/i18n/format';
import { enUS, type MessageKey } from '../../src/i18n/en-US';
import { esUSPack } from '../../src/i18n/es-US';
import { PSEUDO_MESSAGES, type StoryLocale } from './story-locale';

/**
 * The catalogue's texts in the locale a story runs in (the toolbar's "Locale", or the story's own
 * `parameters.locale`), for play functions: they find controls by role and by the text the
 * widget shows in that locale, so a story reaches its state in es-US and in the pseudo-locale as
 * in en-US. .storybook/preview.tsx sets the locale before each story
 * (`setStoryTextLocale`); `shadowOf`'s queries (queries.ts) pass their texts through `localized`.
 */
let active: StoryLocale = 'en-US';

/** The story about to run shows `locale` (called by the preview's `beforeEach`). */
export function setStoryTextLocale(locale: StoryLocale): void {
  active = locale;
}

/** The text of `key` in the story's locale, filled with `params` (as the widget fills it). */
export function text(key: MessageKey, params?: MessageParams): string {
  if (active === 'es-US') {
    const template = (esUSPack.messages as Readonly<Record<string, string>>)[key] ?? enUS[key];
    return esUSPack.interpolate ? esUSPack.interpolate(template, params) : interpolate(template, params);
  }
  if (active === 'pseudo-rtl') return interpolate(PSEUDO_MESSAGES[key] ?? enUS[key], params);
  return interpolate(enUS[key], params);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each en-US template with placeholders, as a pattern that reads its parameters back. Not those
 * with no word of their own ('{city}, {state}'): any text with a comma would be taken for one.
 */
const TEMPLATES = Object.entries(enUS as Readonly<Record<string, string>>)
  .filter(([, template]) => /\{\w+\}/.test(template) && /\p{L}/u.test(template.replace(/\{\w+\}/g, '')))
  .map(([key, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { key: key as MessageKey, pattern: new RegExp(`^${source}$`), names };
  });

/** The keys whose en-US text is exactly `english` (texts without placeholders; 'Lead status' is the text of two). */
const EXACT = new Map<string, MessageKey[]>();
for (const [key, template] of Object.entries(enUS as Readonly<Record<string, string>>)) {
  EXACT.set(template, [...(EXACT.get(template) ?? []), key as MessageKey]);
}

/**
 * An en-US text of the catalogue (as a play function names a control: 'Try again', 'Showing 1 -
 * 10 of 56 results'), in the story's locale: the key it is the text of, filled with the same
 * parameters. A text that is no catalogue text (a customer's name, a category from the seed)
 * comes back as it is.
 */
export function localized(english: string): string {
  return localizedAll(english)[0]!;
}

/** Every text `english` can be in the story's locale (one en-US text may be translated two ways, by where it shows). */
function localizedAll(english: string): string[] {
  if (active === 'en-US') return [english];
  const keys = EXACT.get(english);
  if (keys) return [...new Set(keys.map((key) => text(key)))];
  return [localizedTemplate(english)];
}

function localizedTemplate(english: string): string {
  for (const { key: templated, pattern, names } of TEMPLATES) {
    const match = pattern.exec(english);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, /^\d+$/.test(match[i + 1]!) ? Number(match[i + 1]) : match[i + 1]!]));
    return text(templated, params);
  }
  return english;
}

/**
 * A pattern for the text of `key` in the story's locale, any value in its placeholders (and any
 * plural branch): e.g. `textPattern('board.showing')` for 'Showing 1 - 10 of 56 results' and
 * 'Mostrando 1 - 10 de 56 resultados'.
 */
export function textPattern(key: MessageKey): RegExp {
  const template =
    active === 'es-US'
      ? ((esUSPack.messages as Readonly<Record<string, string>>)[key] ?? enUS[key])
      : active === 'pseudo-rtl'
        ? (PSEUDO_MESSAGES[key] ?? enUS[key])
        : enUS[key];
  const plural = /^\{(\w+),\s*plural,(.*)\}$/s.exec(template);
  const branches = plural ? [...plural[2]!.matchAll(/(?:=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g)].map((m) => m[1]!) : [template];
  const source = branches
    .map((branch) =>
      branch
        .split(/(\{\w+\}|#)/)
        .map((part) => (/^\{\w+\}$/.test(part) || part === '#' ? '.+?' : escapeRegExp(part)))
        .join(''),
    )
    .join('|');
  return new RegExp(`^(?:${source})$`);
}

/**
 * `localized` for a query's text: a string, or a pattern when the en-US text has more than one
 * translation in the story's locale (which one the widget shows depends on where it is).
 */
export function localizedMatcher(english: string): string | RegExp {
  const all = localizedAll(english);
  return all.length === 1 ? all[0]! : new RegExp(`^(?:${all.map(escapeRegExp).join('|')})$`);
}

/** A pattern for an en-US text of the catalogue in the story's locale, anywhere in a text ('Notes can be at most…' in a longer description). */
export function containing(english: string): RegExp {
  return new RegExp(escapeRegExp(localized(english)));
}

/** A pattern for a name that starts with an en-US text of the catalogue, in the story's locale ('Message' and what follows it). */
export function startingWith(english: string): RegExp {
  return new RegExp(`^${escapeRegExp(localized(english))}`);
}

/** The date and money formats of the story's locale (the pseudo-locale keeps en-US's), as the widget formats. */
export function formats(): LocaleFormats {
  return (active === 'es-US' ? esUSPack.format : null) ?? EN_US_FORMATS;
}
