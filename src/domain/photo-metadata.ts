/**
 * Photo bytes, read without decoding: is it HEIF (the brands of its `ftyp` box),
 * how large is a JPEG or PNG (its header), and the same bytes without the location the camera
 * wrote into them (EXIF GPS, XMP).
 *
 * Location removal works on the bytes, never re-encoding the picture:
 * - EXIF (a JPEG's APP1 `Exif` segment, a PNG's `eXIf` chunk): the GPS IFD's pointer leaves
 *   IFD0 (the entries after it move up by one, every other offset stays valid) and the GPS IFD
 *   and its values are overwritten with zeros. Everything else stays — the orientation above all,
 *   which the browser needs to show the photo upright.
 * - XMP (a JPEG's APP1 `http://ns.adobe.com/xap/1.0/` segment, a PNG's `iTXt` chunk with the
 *   keyword `XML:com.adobe.xmp`) may hold `exif:GPSLatitude` too; it is dropped whole (viewers
 *   take orientation from EXIF, not XMP).
 */

/** HEIF brands of HEVC-coded images (ISO/IEC 23008-12): iPhones write `heic` (and `mif1`). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
/** Generic HEIF brands: HEIC files list them, but so do AVIF files. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
/** AV1-coded HEIF (AVIF) is not HEIC: the converter does not decode it. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const u32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;

/**
 * Whether the bytes begin with an ISO-BMFF `ftyp` box naming a HEIC brand, as its major brand or a
 * compatible one. A file whose brands are only generic (`mif1`, `msf1`) counts unless it names an
 * AVIF brand. The name and declared type play no part.
 */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  // A real ftyp box: 16 bytes and 4 per compatible brand, a few dozen at most.
  const boxSize = u32be(bytes, 0);
  if (boxSize < 16 || boxSize > 1024 || boxSize % 4 !== 0) return false;
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  // 12..16 is the minor version; the compatible brands follow.
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  if (brands.some((brand) => HEVC_BRANDS.has(brand))) return true;
  return brands.some((brand) => GENERIC_HEIF_BRANDS.has(brand)) && !brands.some((brand) => AVIF_BRANDS.has(brand));
}

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** A PNG's size from its IHDR chunk, or null. */
function pngSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** JPEG markers that stand alone (no length): TEM, RST0–7, SOI, EOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
/** Start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

interface JpegSegment {
  readonly marker: number;
  /** Offset of the 0xFF of the marker. */
  readonly start: number;
  /** Offset of its payload (after marker and length). */
  readonly body: number;
  /** Offset after the segment (its length included). */
  readonly end: number;
}

/** The segments before the first scan (SOS), or null when the bytes are not a well-formed JPEG header. */
function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; scanStart: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt++; // fill bytes
    const marker = bytes[markerAt + 1]!;
    if (marker === 0xda) return { segments, scanStart: at };
    if (isStandalone(marker)) {
      at = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > bytes.length) return null;
    const end = markerAt + 2 + u16be(bytes, markerAt + 2);
    if (end > bytes.length) return null;
    segments.push({ marker, start: at, body: markerAt + 4, end });
    at = end;
  }
  return null;
}

function jpegSize(bytes: Uint8Array): PixelSize | null {
  const parsed = jpegSegments(bytes);
  const frame = parsed?.segments.find((segment) => isStartOfFrame(segment.marker));
  if (!frame) return null;
  // The frame header: precision (1), height (2), width (2).
  const at = frame.body;
  if (at + 5 > bytes.length) return null;
  return { height: u16be(bytes, at + 1), width: u16be(bytes, at + 3) };
}

/** The pixel size written in a JPEG's or PNG's header (no decoding), or null when it cannot be read. */
export function imagePixelSize(bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): PixelSize | null {
  return type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
}

// ---------------------------------------------------------------------------------------------
// EXIF (TIFF) GPS removal

/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD). */
const TIFF_TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const GPS_IFD_TAG = 0x8825;

/**
 * Removes the GPS IFD from a TIFF stream (EXIF) in place. Returns true when there was one.
 * A malformed stream is left as it is (false).
 */
function removeTiffGps(tiff: Uint8Array): boolean {
  if (tiff.length < 8) return false;
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) return false;
  const ifd0 = u32(4);
  if (ifd0 + 2 > tiff.length) return false;
  const count = u16(ifd0);
  const entriesEnd = ifd0 + 2 + count * 12;
  if (entriesEnd + 4 > tiff.length) return false;
  let index = -1;
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === GPS_IFD_TAG) index = i;
  if (index < 0) return false;
  const gps = u32(ifd0 + 2 + index * 12 + 8);

  // Out of IFD0: the later entries and the next-IFD offset move up 12 bytes; the freed tail is zeroed.
  const entry = ifd0 + 2 + index * 12;
  tiff.copyWithin(entry, entry + 12, entriesEnd + 4);
  tiff.fill(0, entriesEnd - 8, entriesEnd + 4);
  view.setUint16(ifd0, count - 1, little);

  // The GPS IFD itself, and every value it kept outside its entries, become zeros.
  if (gps + 2 <= tiff.length) {
    const gpsCount = u16(gps);
    const gpsEnd = Math.min(gps + 2 + gpsCount * 12 + 4, tiff.length);
    for (let i = 0; i < gpsCount && gps + 2 + i * 12 + 12 <= tiff.length; i++) {
      const at = gps + 2 + i * 12;
      const size = (TIFF_TYPE_SIZES[u16(at + 2)] ?? 0) * u32(at + 4);
      if (size > 4) {
        const valueAt = u32(at + 8);
        if (valueAt < tiff.length) tiff.fill(0, valueAt, Math.min(valueAt + size, tiff.length));
      }
    }
    tiff.fill(0, gps, gpsEnd);
  }
  return true;
}

const EXIF_HEADER = 'Exif\0\0';
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

/**
 * A JPEG without its location: GPS out of EXIF, XMP segments dropped. Returns the new bytes, or
 * null when there was nothing to remove (or the header cannot be read): then send the original.
 */
export function stripJpegLocation(bytes: Uint8Array): Uint8Array | null {
  const parsed = jpegSegments(bytes);
  if (!parsed) return null;
  const copy = bytes.slice();
  const dropped: JpegSegment[] = [];
  let changed = false;
  for (const segment of parsed.segments) {
    if (segment.marker !== 0xe1) continue;
    const payload = segment.body;
    if (ascii(copy, payload, payload + EXIF_HEADER.length) === EXIF_HEADER) {
      if (removeTiffGps(copy.subarray(payload + EXIF_HEADER.length, segment.end))) changed = true;
    } else if (ascii(copy, payload, payload + XMP_HEADER.length) === XMP_HEADER) {
      dropped.push(segment);
    }
  }
  if (!changed && dropped.length === 0) return null;
  if (dropped.length === 0) return copy;
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const segment of dropped) {
    parts.push(copy.subarray(at, segment.start));
    at = segment.end;
  }
  parts.push(copy.subarray(at));
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// PNG

/** The CRC-32 table (a constant, computed once: 256 entries). */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * CRC-32 as PNG chunks carry it (ISO 3309).
 * @internal Exported for tests.
 */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A PNG without its location: GPS out of the `eXIf` chunk (its CRC written anew), the XMP `iTXt`
 * chunk dropped. Returns the new bytes, or null when there was nothing to remove.
 */
export function stripPngLocation(bytes: Uint8Array): Uint8Array | null {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const kept: Uint8Array[] = [copy.subarray(0, 8)];
  let changed = false;
  let at = 8;
  while (at + 12 <= copy.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > copy.length) return null;
    const type = ascii(copy, at + 4, at + 8);
    const data = copy.subarray(at + 8, at + 8 + length);
    if (type === 'iTXt' && ascii(data, 0, 18) === 'XML:com.adobe.xmp\0') {
      changed = true;
    } else {
      if (type === 'eXIf' && removeTiffGps(data)) {
        view.setUint32(at + 8 + length, crc32(copy.subarray(at + 4, at + 8 + length)));
        changed = true;
      }
      kept.push(copy.subarray(at, end));
    }
    at = end;
    if (type === 'IEND') break;
  }
  return changed ? concat(kept) : null;
}
