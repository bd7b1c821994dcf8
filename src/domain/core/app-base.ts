/**
 * Where the office app is mounted unless a host says otherwise (`<lead-app base>`). A file of its
 * own, with no imports: the CDN build's config (vite.cdn.config.ts) reads it as it is.
 */
export const DEFAULT_APP_BASE = '/app';
