/**
 * The entry step, loaded lazily and named once: the shell (raq-funnel.tsx) starts it as it
 * mounts, beside the frame and the first data; the frame shows it. (The frame's own loader is
 * in the shell: the frame imports this file, so this file never imports the frame.)
 */
export const loadEntryStep = () => import(/* lk:first-content */ './entry-step');
