/**
 * `officeGateway`, the public namespace of the provider's office calls: calls.ts and the
 * endpoint groups in modules of their own (feedback, categories, registered numbers, lead
 * counts), with `getDashboardLead` (the lead service's `getProviderLeadV2` under the name it had
 * here) — the 12 calls it had in 0.2.0.
 *
 * For hosts only: src/index.ts is the one module that imports this file
 * (test/api-namespaces.test.ts), so no widget loads it. A widget imports each call from the
 * module that declares it; the forwards here are why this file exists (eslint/no-reexport.js
 * lists it).
 */
export * from './calls';
export { getProviderLeadV2 as getDashboardLead } from '../lead/provider-lead-calls';
export { submitLeadFeedback } from './feedback';
export { getProviderCategories } from './categories';
export { registerPhoneNumber, getRegisteredPhoneNumbers } from './registered-numbers';
export { getLeadCounts } from './lead-counts';
