import { cdnConfig } from './vite.cdn.config.ts';
import { CDN_FLAVOURS } from './scripts/cdn-flavours.ts';

/** The lite (Preact) flavour of the CDN build, written beside the default one: see scripts/cdn-flavours.ts. */
export default cdnConfig(CDN_FLAVOURS.lite);
