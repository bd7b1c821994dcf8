/**
 * The `<raq-funnel>` state (docs/widget-shape.md, "Atoms"), as the frame, the steps and the tests
 * read it: one module, and so one chunk of the CDN build beside the frame (as when it was one
 * file), written per step. What the whole funnel shares is in shared-atoms.ts; each step's own
 * state and calls in its file.
 */
export * from './shared-atoms';
export * from './entry-step-atoms';
export * from './project-step-atoms';
export * from './suggestions-step-atoms';
export * from './summary-step-atoms';
