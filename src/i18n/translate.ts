import type { MessageCatalogue, MessageKey, Messages } from './en-US';

export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** Fills `{name}` placeholders; an unknown placeholder is left as written so it is visible. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A translator over a catalogue (a widget's parts of the en-US catalogue, or all of `enUS`)
 * with a host's overrides on top. Only keys of the catalogue with string values are taken from
 * the overrides, so a host typo cannot blank a text.
 */
export function createTranslator(catalogue: MessageCatalogue, overrides?: Partial<Record<string, unknown>> | null): Translate {
  const messages: Record<string, string> = { ...catalogue };
  if (overrides) {
    for (const [key, value] of Object.entries(overrides)) {
      if (Object.hasOwn(catalogue, key) && typeof value === 'string') messages[key] = value;
    }
  }
  return (key, params) => interpolate(messages[key] ?? key, params);
}

export type { MessageCatalogue, MessageKey, Messages };
