import type { MessageCatalogue, MessageKey } from '../en-US';

export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** Fills `{name}` placeholders; an unknown placeholder is left as written so it is visible. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * A language's texts (by key), laid over the en-US catalogue parts, and how it fills them: a
 * locale whose texts have plurals brings its plural-aware `interpolate` (i18n/plural.ts) in its
 * own chunk, so en-US first loads carry no plural code (en-US texts have no plural arguments:
 * test/locale-catalogues.test.ts).
 */
export interface LocaleTexts {
  readonly messages: MessageCatalogue;
  readonly interpolate?: (template: string, params?: MessageParams) => string;
}

/**
 * A translator over a catalogue (a widget's parts of the en-US catalogue, or all of `enUS`)
 * in a language (`texts`: the locale's text for each key of the parts; en-US when absent),
 * with a host's overrides on top. Only keys of the catalogue with string values are taken
 * from the overrides, so a host typo cannot blank a text.
 */
export function createTranslator(catalogue: MessageCatalogue, overrides?: Partial<Record<string, unknown>> | null, texts?: LocaleTexts | null): Translate {
  const messages: Record<string, string> = { ...catalogue };
  if (texts) {
    for (const key of Object.keys(catalogue)) {
      const text = texts.messages[key as MessageKey];
      if (typeof text === 'string') messages[key] = text;
    }
  }
  if (overrides) {
    for (const [key, value] of Object.entries(overrides)) {
      if (Object.hasOwn(catalogue, key) && typeof value === 'string') messages[key] = value;
    }
  }
  const fill = texts?.interpolate ?? interpolate;
  return (key, params) => fill(messages[key] ?? key, params);
}
