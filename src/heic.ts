/**
 * `leadkit/heic`: iPhone (HEIC/HEIF) photos in the message thread. The one module of leadkit that
 * imports the optional peer `heic-to` (`npm install heic-to`): give its converter to the thread,
 *
 *     import { heicConverter } from 'leadkit/heic';
 *     thread.heicConverter = heicConverter; // React: <MessageThread heicConverter={heicConverter} />
 *
 * and a HEIC photo the pro picks is converted to JPEG before it is sent. The converter (≈ 3 MB)
 * is a dynamic import, fetched only when a HEIC file is picked.
 */
import type { HeicConverter } from './chat/peer-defaults';

/** Loads heic-to's CSP build (no `eval`; it decodes in a `blob:` worker). */
export const heicConverter: HeicConverter = () => import('heic-to/csp');

export type { HeicConverter, HeicConverterModule } from './chat/peer-defaults';
