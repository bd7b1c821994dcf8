import { createElementClass } from './element-class';
import type { ElementDefinition } from './element-definition';
import type { LeadkitTag } from '../contract/tags';

export interface DefineOptions {
  /** Tag prefix, e.g. `acme` defines `<acme-lead-page>`. */
  prefix?: string;
}

export function tagName(tag: string, prefix?: string): string {
  return prefix ? `${prefix}-${tag}` : tag;
}

/** Whether this realm can define elements: not on a server (Node, Next.js's server render), where every entry still imports. */
export const canDefineElements = (): boolean => typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined';

/**
 * Defines a leadkit element once. Loading the script twice, or two bundles defining the same
 * tag, does not throw: the first definition stays. On a server (no `customElements`) it defines
 * nothing and gives undefined.
 */
export function defineElement<T extends LeadkitTag>(definition: ElementDefinition<T>, options: DefineOptions = {}): CustomElementConstructor | undefined {
  if (!canDefineElements()) return undefined;
  const name = tagName(definition.tag, options.prefix);
  const existing = customElements.get(name);
  if (existing) return existing;
  const element = createElementClass(definition);
  customElements.define(name, element);
  return element;
}
