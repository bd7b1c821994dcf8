/**
 * The `<raq-funnel>` state (docs/widget-shape.md, "Atoms"), as the frame, the steps and the tests
 * read it: one module, and so one chunk of the CDN build beside the frame (as when it was one
 * file), written per step. What the whole funnel shares is in shared-atoms.ts; each step's own
 * state and calls in its folder's atoms file (entry/, project/, suggestions/, summary/).
 */
export * from './shared-atoms';
export * from './entry/entry-step-atoms';
export * from './project/project-step-atoms';
export * from './suggestions/suggestions-step-atoms';
export * from './summary/summary-step-atoms';
