import { ELEMENT_DEFINITIONS } from './elements/definitions';
import { defineElement, type DefineOptions } from './elements/registry';

/** Registers every leadkit element, optionally under a prefix (`acme` → `<acme-lead-page>`). */
export function defineElements(options: DefineOptions = {}): void {
  for (const definition of ELEMENT_DEFINITIONS) defineElement(definition, options);
}
