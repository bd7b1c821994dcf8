/**
 * A picked photo made ready to send, before and around the attachment checks
 * (docs/widgets/message-thread.md#iphone-photos-size-and-location):
 *
 * 1. Over 150 MB → 'File size cannot exceed 150MB…' at once (nothing is read or converted).
 * 2. HEIC/HEIF by content (the `ftyp` brands, domain/photo-metadata) → decoded by the lazily
 *    loaded converter and encoded as JPEG (quality 0.9), at most 4096 px on its long side; the
 *    name's extension becomes `.jpg`. The result then goes through the attachment checks like any pick.
 *    The converter missing or blocked (a strict CSP forbids its worker) → 'validation.heicUnavailable';
 *    a file it cannot decode → 'validation.heicFailed'.
 * 3. Otherwise the type check by content (JPEG/PNG, else 'You can only send JPEG…').
 * 4. A JPEG or PNG over 4096 px on its long side (read from its header) is decoded with its
 *    EXIF orientation applied and encoded again in its own type, scaled down: the pixels come
 *    out upright and the copy carries no metadata at all.
 * 5. Anything else is sent as it is, but without its location: the EXIF GPS block and XMP are
 *    cut out of the bytes without re-encoding (orientation and the rest of EXIF stay). A photo
 *    with no location is the very File that was picked.
 *
 * The browser pieces (canvas, createImageBitmap, the HEIC converter) come in as `PhotoTools`, so
 * this logic runs in Node with fakes.
 */
import { ATTACHMENT_MAX_BYTES, sniffImageType, type AttachmentError, type AttachmentSource, type AttachmentType } from './attachment';
import { imagePixelSize, isHeif, stripJpegLocation, stripPngLocation } from './photo-metadata';

/** The longest side a photo is sent with. */
const PHOTO_MAX_SIDE = 4096;
/**
 * JPEG quality of a converted or scaled photo: visually lossless for photos, a third of the bytes of 1.0.
 * @internal Exported for tests.
 */
export const PHOTO_JPEG_QUALITY = 0.9;

/** Decoded pixels, whatever the browser holds them in (an ImageBitmap there, a plain object in tests). */
export interface Raster {
  readonly width: number;
  readonly height: number;
  close?(): void;
}

/** The HEIC converter cannot run here: not installed (optional peer), or blocked by the page's CSP. */
export class HeicUnavailableError extends Error {
  override readonly name = 'HeicUnavailableError';
}

export interface PhotoTools<R extends Raster = Raster> {
  /** Decodes a HEIC/HEIF file (its orientation applied); rejects with HeicUnavailableError when the converter cannot run. */
  decodeHeic(file: Blob): Promise<R>;
  /** Decodes a JPEG or PNG with its EXIF orientation applied. */
  decode(file: Blob): Promise<R>;
  /** Encodes the pixels scaled to width × height. */
  encode(raster: R, size: { width: number; height: number }, type: AttachmentType, quality: number): Promise<Blob>;
}

/** What is being done to the pick, for the composer's progress line. */
export type PreparePhase = 'converting' | 'resizing';

export type PreparedAttachment =
  | {
      readonly ok: true;
      /** What to upload: the picked File itself when nothing had to change. */
      readonly file: File;
      /** Its type by content. */
      readonly type: AttachmentType;
      /** What was done to it. */
      readonly converted: boolean;
      readonly resized: boolean;
      readonly locationRemoved: boolean;
    }
  | { readonly ok: false; readonly error: AttachmentError };

/**
 * The size that fits `max` on the long side, keeping the aspect ratio (never enlarged).
 * @internal Exported for tests.
 */
export function fitLongSide(size: { width: number; height: number }, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const long = Math.max(size.width, size.height);
  if (long <= max) return { width: size.width, height: size.height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * `IMG_0042.HEIC` → `IMG_0042.jpg`; a name without extension gets one.
 * @internal Exported for tests.
 */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

type PickedFile = AttachmentSource & { readonly name: string };

async function encodeScaled<R extends Raster>(tools: PhotoTools<R>, raster: R, type: AttachmentType): Promise<Blob> {
  try {
    return await tools.encode(raster, fitLongSide(raster), type, PHOTO_JPEG_QUALITY);
  } finally {
    raster.close?.();
  }
}

/** Runs the steps above on a picked file. Never rejects: every failure is a catalogue key. */
export async function prepareAttachment<R extends Raster>(
  file: PickedFile,
  tools: PhotoTools<R>,
  options: { onPhase?: (phase: PreparePhase) => void } = {},
): Promise<PreparedAttachment> {
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, error: 'validation.fileTooLarge' };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.slice(0, file.size).arrayBuffer());
  } catch {
    return { ok: false, error: 'validation.fileDefault' };
  }
  // What the decoders read: the picked Blob itself, or its bytes (a test's stand-in).
  const blob = file instanceof Blob ? file : new Blob([bytes as Uint8Array<ArrayBuffer>]);

  if (isHeif(bytes)) {
    options.onPhase?.('converting');
    let raster: R;
    try {
      raster = await tools.decodeHeic(blob);
    } catch (error) {
      return { ok: false, error: error instanceof HeicUnavailableError ? 'validation.heicUnavailable' : 'validation.heicFailed' };
    }
    let jpeg: Blob;
    try {
      jpeg = await encodeScaled(tools, raster, 'image/jpeg');
    } catch {
      return { ok: false, error: 'validation.heicFailed' };
    }
    // The attachment checks, on what will be sent.
    if (jpeg.size > ATTACHMENT_MAX_BYTES) return { ok: false, error: 'validation.fileTooLarge' };
    const head = new Uint8Array(await jpeg.slice(0, 8).arrayBuffer());
    if (sniffImageType(head) !== 'image/jpeg') return { ok: false, error: 'validation.heicFailed' };
    const converted = new File([jpeg], jpegName(file.name), { type: 'image/jpeg' });
    return {
      ok: true,
      file: converted,
      type: 'image/jpeg',
      converted: true,
      resized: Math.max(raster.width, raster.height) > PHOTO_MAX_SIDE,
      locationRemoved: true,
    };
  }

  const type = sniffImageType(bytes);
  if (!type) return { ok: false, error: 'validation.fileType' };

  const size = imagePixelSize(bytes, type);
  if (size && Math.max(size.width, size.height) > PHOTO_MAX_SIDE) {
    options.onPhase?.('resizing');
    let scaled: Blob;
    try {
      scaled = await encodeScaled(tools, await tools.decode(blob), type);
    } catch {
      return { ok: false, error: 'validation.fileDefault' };
    }
    return { ok: true, file: new File([scaled], file.name, { type }), type, converted: false, resized: true, locationRemoved: true };
  }

  const stripped = type === 'image/jpeg' ? stripJpegLocation(bytes) : stripPngLocation(bytes);
  if (!stripped) {
    // Nothing to change: the picked file itself (with the type its content says).
    const original = file instanceof File && file.type === type ? file : new File([bytes as Uint8Array<ArrayBuffer>], file.name, { type });
    return { ok: true, file: original, type, converted: false, resized: false, locationRemoved: false };
  }
  return {
    ok: true,
    file: new File([stripped as Uint8Array<ArrayBuffer>], file.name, { type }),
    type,
    converted: false,
    resized: false,
    locationRemoved: true,
  };
}
