import { ELEMENTS } from './elements/definitions';
import { defineElement, type DefineOptions } from './elements/define-element';
import { TAG_NAMES, type LeadkitTag } from './contract/tags';

/**
 * Registers every leadkit element, optionally under a prefix (`acme` → `<acme-lead-page>`);
 * a tag already defined keeps its first definition. Returns each tag's class. Importing this
 * (from `leadkit`) registers nothing by itself; `leadkit/define` calls it for the default names.
 * On a server (no `customElements`: Node, a server render) it registers nothing and returns an
 * empty record.
 */
export function defineElements(options: DefineOptions = {}): Partial<Record<LeadkitTag, CustomElementConstructor>> {
  const classes: Partial<Record<LeadkitTag, CustomElementConstructor>> = {};
  for (const tag of TAG_NAMES) {
    const element = defineElement(ELEMENTS[tag], options);
    if (element) classes[tag] = element;
  }
  return classes;
}
