/**
 * Message attachments (docs/architecture.md#attachments).
 *
 * - Size: more than 157286400 bytes (150 MB) → 'File size cannot exceed 150MB. Please try again.'
 * - Type: JPEG and PNG only → 'You can only send JPEG, JPG, or PNG images. Please try again.'
 * - A file that cannot be read → the default attachment text 'Error with loading file'.
 * - The error is shown for 10 s.
 *
 * Decision on type (the spec names the MIME types only): the file's content decides, not its
 * name or the type the browser derived from the name. `validateAttachment` reads the first
 * 8 bytes and accepts the file when they are a JPEG or PNG signature, whatever the declared
 * type says, and reports the sniffed type to upload with. So a PNG saved as photo.jpg (declared
 * image/jpeg) is accepted and sent as image/png; a text file renamed notes.png (declared
 * image/png) is refused with the type text; a real JPEG whose name has no extension (declared
 * '') is accepted. `validateAttachmentMeta` is the synchronous check on metadata alone (for
 * places that cannot read the file); it trusts the declared type.
 */
import type { MessageKey } from '../i18n/en-US';

/** 150 MB (docs/architecture.md#attachments). A file of exactly this size is allowed. */
export const ATTACHMENT_MAX_BYTES = 157_286_400;
/** The only types that may be sent. */
const ATTACHMENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** For the file input's `accept` attribute: narrows the picker; validation still runs. HEIC/HEIF are converted to JPEG. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png,image/heic,image/heif,.heic,.heif';
/** How long an attachment error stays visible. */
export const ATTACHMENT_ERROR_MS = 10_000;

export type AttachmentError = Extract<
  MessageKey,
  'validation.fileTooLarge' | 'validation.fileType' | 'validation.fileDefault' | 'validation.heicUnavailable' | 'validation.heicFailed'
>;

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** Bytes needed to recognise every allowed type. */
const SNIFF_BYTES = PNG_SIGNATURE.length;

function isAttachmentType(type: string): type is AttachmentType {
  return (ATTACHMENT_TYPES as readonly string[]).includes(type);
}

/**
 * Metadata-only check: size first (as the spec orders them), then the declared type (compared
 * case-insensitively; a Blob's type is already lower case, a hand-made object may not be).
 * @internal Only tests use it: no shipped code calls it.
 */
export function validateAttachmentMeta(meta: { readonly size: number; readonly type: string }): AttachmentError | null {
  if (meta.size > ATTACHMENT_MAX_BYTES) return 'validation.fileTooLarge';
  if (!isAttachmentType(meta.type.toLowerCase())) return 'validation.fileType';
  return null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The allowed image type the bytes begin with (magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** What `validateAttachment` needs of a File/Blob; tests may pass a fake with a huge `size`. */
export interface AttachmentSource {
  readonly size: number;
  readonly type: string;
  readonly name?: string;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

type AttachmentCheck =
  | {
      readonly ok: true;
      /** The content's type: send the file with this type. */
      readonly type: AttachmentType;
      /** True when the declared type differs from the content (a renamed file). */
      readonly declaredTypeMismatch: boolean;
    }
  | { readonly ok: false; readonly error: AttachmentError };

/**
 * Full check of a picked file: size without reading, then the first bytes. Reads 8 bytes at
 * most, never the whole file. A read failure gives the default attachment message.
 * @internal Only tests use it: no shipped code calls it.
 */
export async function validateAttachment(file: AttachmentSource): Promise<AttachmentCheck> {
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, error: 'validation.fileTooLarge' };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return { ok: false, error: 'validation.fileDefault' };
  }
  const type = sniffImageType(head);
  if (!type) return { ok: false, error: 'validation.fileType' };
  return { ok: true, type, declaredTypeMismatch: file.type.toLowerCase() !== type };
}
