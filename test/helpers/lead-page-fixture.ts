import { leadPageElement } from '../../src/elements/lead-page.element';
import { defineElement } from '../../src/elements/define-element';

/** A v1 lead answer the lead page shows (element tests). */
export const leadResponse = (leadId: number) => ({
  leadId,
  purchased: false,
  info: { title: `Lead ${leadId}`, description: '', urgency: 'Flexible', category: { id: 100, name: 'Plumbing' }, attributes: [] },
  address: { city: 'Denver', state: 'CO', postalCode: '80202' },
});

let counter = 0;
/** A fresh `<…-lead-page>` tag per test (custom elements cannot be redefined); returns its name. */
export function defineFreshLeadPage(): string {
  const prefix = `fx${++counter}`;
  defineElement(leadPageElement, { prefix });
  return `${prefix}-lead-page`;
}
