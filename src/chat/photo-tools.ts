/**
 * The browser's half of preparing a photo (domain/attachment-prepare): decoding with
 * createImageBitmap, encoding on a canvas, and the HEIC converter.
 *
 * The converter is `heic-to` (libheif compiled to JavaScript, ≈ 3 MB), imported only when a
 * HEIC file is picked — never in a first load. Its `csp` build is used: it needs no `eval`
 * (`'unsafe-eval'`), but like every heic-to build it decodes in a Web Worker started from a
 * `blob:` URL, which a page's Content-Security-Policy may forbid (`worker-src`, else
 * `script-src`, without `blob:`). A tiny probe worker tells that before the 3 MB are fetched;
 * then (and when the optional peer `heic-to` is not installed) the pick fails with
 * 'validation.heicUnavailable' and a console warning tells the developer why.
 */
import type * as RealHeicTo from 'heic-to/csp';
import { HeicUnavailableError, type PhotoTools } from '../domain/attachment-prepare';
import { defaultHeicConverter, type HeicConverter, type HeicConverterModule } from './peer-defaults';

// Compile-time check that heic-to's own typings fit what leadkit calls (a type-only import: erased).
type Fits<T extends HeicConverterModule> = T;
type _RealHeicToFits = Fits<typeof RealHeicTo>;

/**
 * What a developer reads when heic-to is not installed, or no converter was given.
 * @internal Exported for tests.
 */
export const HEIC_CONVERTER_MISSING_HINT =
  "leadkit: iPhone photos (HEIC) need the optional peer dependency `heic-to`: run `npm install heic-to` and give the thread its converter (`import { heicConverter } from 'leadkit/heic'; thread.heicConverter = heicConverter`; the CDN build includes it). Without it a HEIC pick shows a message asking for a JPEG or PNG.";
/** What a developer reads when the page's CSP forbids the converter's worker. */
const HEIC_WORKER_BLOCKED_HINT =
  "leadkit: iPhone photos (HEIC) are converted in a Web Worker started from a blob: URL, which this page's Content-Security-Policy forbids. Add `worker-src 'self' blob:` to convert them; until then a HEIC pick shows a message asking for a JPEG or PNG.";

/** How long the probe worker may take to answer before blob: workers count as blocked. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether this page may run a worker from a blob: URL: one that posts a message back. Under a CSP
 * that forbids it, Chromium fires `error` (or throws), Firefox and WebKit likewise.
 */
function canStartBlobWorker(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof Worker === 'undefined') {
      resolve(false);
      return;
    }
    const url = URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' }));
    let worker: Worker | undefined;
    const timer = setTimeout(() => done(false), timeoutMs);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      worker?.terminate();
      URL.revokeObjectURL(url);
      resolve(ok);
    };
    try {
      worker = new Worker(url);
    } catch {
      done(false);
      return;
    }
    worker.onmessage = () => done(true);
    worker.onerror = () => done(false);
  });
}

/** Whether a failed `import('heic-to/csp')` means the package is not installed (as twilio-sdk.ts judges @twilio/conversations). */
function isConverterNotInstalled(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.includes('heic-to');
}

export interface BrowserPhotoToolsOptions {
  /** The host's `heicConverter` (`leadkit/heic`), or a stand-in in tests; default: none in the npm build, the bundled one in the CDN build. */
  importConverter?: HeicConverter | null | undefined;
  /** Stands in for the blob: worker probe in tests. */
  canStartWorker?: () => Promise<boolean>;
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function blobOf(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    (canvas as HTMLCanvasElement).toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), type, quality),
  );
}

export function createBrowserPhotoTools(options: BrowserPhotoToolsOptions = {}): PhotoTools<ImageBitmap> {
  const importConverter = options.importConverter ?? defaultHeicConverter;
  const canStartWorker = options.canStartWorker ?? (() => canStartBlobWorker());
  return {
    async decodeHeic(file) {
      if (!importConverter) {
        console.warn(HEIC_CONVERTER_MISSING_HINT);
        throw new HeicUnavailableError(HEIC_CONVERTER_MISSING_HINT);
      }
      if (!(await canStartWorker())) {
        console.warn(HEIC_WORKER_BLOCKED_HINT);
        throw new HeicUnavailableError(HEIC_WORKER_BLOCKED_HINT);
      }
      let converter: HeicConverterModule;
      try {
        converter = await importConverter();
      } catch (error) {
        if (!isConverterNotInstalled(error)) throw error;
        console.warn(HEIC_CONVERTER_MISSING_HINT);
        throw new HeicUnavailableError(HEIC_CONVERTER_MISSING_HINT, { cause: error });
      }
      // libheif applies the HEIF orientation (irot/imir) while decoding: the pixels come out upright.
      return converter.heicTo({ blob: file, type: 'bitmap' });
    },
    // 'from-image': the EXIF orientation is applied, so the re-encoded copy (which has no EXIF) stays upright.
    decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
    async encode(raster, { width, height }, type, quality) {
      const canvas = canvasOf(width, height);
      const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!context) throw new Error('no 2d canvas context');
      // JPEG has no transparency: transparent pixels become white, not black.
      if (type === 'image/jpeg') {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, width, height);
      }
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(raster, 0, 0, width, height);
      try {
        return await blobOf(canvas, type, quality);
      } finally {
        // Give the pixels back at once (a 4096² canvas holds 64 MB).
        canvas.width = 0;
        canvas.height = 0;
      }
    },
  };
}
