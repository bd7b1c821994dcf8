import { enUS, type MessageKey, type Messages } from './en-US';

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
 * A translator over the en-US catalogue with a host's overrides on top. Only known keys
 * with string values are taken from the overrides, so a host typo cannot blank a text.
 */
export function createTranslator(overrides?: Partial<Record<string, unknown>>): Translate {
  const messages: Record<string, string> = { ...enUS };
  if (overrides) {
    for (const [key, value] of Object.entries(overrides)) {
      if (Object.hasOwn(enUS, key) && typeof value === 'string') messages[key] = value;
    }
  }
  return (key, params) => interpolate(messages[key] ?? key, params);
}

export type { MessageKey, Messages };
