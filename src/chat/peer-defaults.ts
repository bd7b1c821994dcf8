import type { ChatClientFactory } from './chat-client';

/**
 * What leadkit uses when a host gave no adapter for an optional peer dependency. In the npm
 * build: nothing. A host reaches `@twilio/conversations` only through `leadkit/twilio` and
 * `heic-to` only through `leadkit/heic`, so no module of leadkit's own chunks names a peer and
 * every bundler (Turbopack, webpack, Vite, Rollup, esbuild) builds a host without them, with no
 * configuration. The CDN build, which bundles both, replaces this module with
 * src/cdn/peer-defaults.ts (vite.cdn.config.ts): there a thread talks Twilio and converts iPhone
 * photos by default, as a page without npm expects.
 */

/** The module `heic-to/csp` exports, as far as leadkit uses it (photo-tools.ts checks the real typings fit). */
export interface HeicConverterModule {
  heicTo(options: { blob: Blob; type: 'bitmap' }): Promise<ImageBitmap>;
}

/** Loads the HEIC converter: `heicConverter` from `leadkit/heic` (`() => import('heic-to/csp')`), or your own. */
export type HeicConverter = () => Promise<HeicConverterModule>;

/** The thread's chat when neither the `chat` property nor `chat-service="sandbox"` chose one. */
export const defaultTwilioChat: (() => Promise<ChatClientFactory>) | null = null;

/** The HEIC converter when the host set no `heicConverter`. */
export const defaultHeicConverter: HeicConverter | null = null;
