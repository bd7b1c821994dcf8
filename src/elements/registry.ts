import { createElementClass, type ElementDefinition } from './define-element';
import type { LeadkitTag } from './tags';

export interface DefineOptions {
  /** Tag prefix, e.g. `acme` defines `<acme-lead-page>`. */
  prefix?: string;
}

export function tagName(tag: string, prefix?: string): string {
  return prefix ? `${prefix}-${tag}` : tag;
}

/**
 * Defines a leadkit element once. Loading the script twice, or two bundles defining the same
 * tag, does not throw: the first definition stays.
 */
export function defineElement<T extends LeadkitTag>(definition: ElementDefinition<T>, options: DefineOptions = {}): CustomElementConstructor {
  const name = tagName(definition.tag, options.prefix);
  const existing = customElements.get(name);
  if (existing) return existing;
  const element = createElementClass(definition);
  customElements.define(name, element);
  return element;
}
