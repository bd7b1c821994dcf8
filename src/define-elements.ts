import { ELEMENTS } from './elements/definitions';
import { defineElement, type DefineOptions } from './elements/registry';
import { TAG_NAMES, type LeadkitTag } from './elements/tags';

/**
 * Registers every leadkit element, optionally under a prefix (`acme` → `<acme-lead-page>`);
 * a tag already defined keeps its first definition. Returns each tag's class. Importing this
 * (from `leadkit`) registers nothing by itself; `leadkit/define` calls it for the default names.
 */
export function defineElements(options: DefineOptions = {}): Record<LeadkitTag, CustomElementConstructor> {
  return Object.fromEntries(TAG_NAMES.map((tag) => [tag, defineElement(ELEMENTS[tag], options)])) as Record<LeadkitTag, CustomElementConstructor>;
}
