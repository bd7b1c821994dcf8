/**
 * The funnel's lazily loaded parts, named once: the shell (raq-funnel.tsx) starts the frame and
 * the entry step as it mounts, beside the first data; the frame loads each step as it is shown.
 */
export const loadFunnelFrame = () => import('./funnel-frame');
export const loadEntryStep = () => import('./entry-step');
