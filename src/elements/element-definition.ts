import type { ComponentType } from 'react';
import type { MessageCatalogue } from '../i18n/en-US';
import type { AttributeType, LeadkitTag, TagAttributeProps } from './tags';

/**
 * A tag bound to its widget. The tag's attributes and reserve come from the tag table
 * (`TAGS`); the widget must take them as props (the compiler checks it).
 */
export interface ElementDefinition<T extends LeadkitTag = LeadkitTag> {
  /** Tag name without prefix, e.g. `lead-page`. */
  readonly tag: T;
  readonly component: ComponentType<TagAttributeProps<T>>;
  /** The texts the widget shows first: its parts of the en-US catalogue (lazy parts bring theirs). */
  readonly catalogue: MessageCatalogue;
  /**
   * Starts the lazy parts of the widget's first screen as the element connects (its list, its
   * body, the office app's route), so they are here by its first render (ui/lazy-part.ts).
   */
  readonly preload?: ((element: HTMLElement) => void) | undefined;
}

export function elementDefinition<T extends LeadkitTag>(
  tag: T,
  component: ComponentType<TagAttributeProps<T>>,
  catalogue: MessageCatalogue,
  preload?: (element: HTMLElement) => void,
): ElementDefinition<T> {
  return { tag, component, catalogue, preload };
}

/** An empty value or the attribute's own name means true, as for any HTML boolean attribute ("false" is false). */
const isHtmlTrue = (attribute: string, value: string) => value === '' || value.toLowerCase() === attribute || /^[ty1-9]/i.test(value);

/** An attribute's value as a prop, or `invalid` (treated as absent and reported). */
export function parseAttribute(type: AttributeType, attribute: string, raw: string): { value: unknown } | 'invalid' {
  if (type === 'string') return { value: raw };
  if (type === 'boolean') return { value: isHtmlTrue(attribute, raw) };
  if (type === 'number') {
    const text = raw.trim();
    const value = text === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? { value } : 'invalid';
  }
  return type.includes(raw) ? { value: raw } : 'invalid';
}
