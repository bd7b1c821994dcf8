/**
 * EXIF written by hand for tests (docs/widgets/message-thread.md#iphone-photos-size-and-location): a TIFF stream with IFD0 (Orientation, Make,
 * GPSInfo pointer) and a GPS IFD (latitude/longitude as a phone writes them), as a JPEG APP1
 * segment or a PNG eXIf chunk; and a reader that says what a file still carries.
 */
import { crc32 } from '../../src/domain/photo-metadata';

export interface ExifFields {
  orientation?: number;
  /** Degrees; written as degrees/minutes/seconds rationals with N/S and E/W refs. */
  gps?: { latitude: number; longitude: number };
  littleEndian?: boolean;
}

/** The seconds numerator as written (hundredths of a second): tests look for these bytes. */
function dms(value: number): [number, number, number] {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return [degrees, minutes, seconds];
}

/** A TIFF stream (what follows `Exif\0\0` in a JPEG, and the whole of a PNG eXIf chunk). */
export function tiffWithExif({ orientation = 1, gps, littleEndian = false }: ExifFields): Uint8Array {
  const make = 'Apple\0';
  const ifd0Count = gps ? 3 : 2;
  const ifd0 = 8;
  const ifd0End = ifd0 + 2 + ifd0Count * 12 + 4;
  const makeAt = ifd0End;
  const gpsAt = makeAt + make.length + (make.length % 2);
  const gpsCount = 4;
  const gpsValues = gpsAt + 2 + gpsCount * 12 + 4;
  const total = gps ? gpsValues + 48 : gpsAt;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  const u16 = (at: number, v: number) => view.setUint16(at, v, littleEndian);
  const u32 = (at: number, v: number) => view.setUint32(at, v, littleEndian);
  bytes.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d], 0);
  u16(2, 42);
  u32(4, ifd0);
  u16(ifd0, ifd0Count);
  const entry = (at: number, tag: number, type: number, count: number, value: (at: number) => void) => {
    u16(at, tag);
    u16(at + 2, type);
    u32(at + 4, count);
    value(at + 8);
  };
  // Sorted by tag: Make (0x010F), Orientation (0x0112), GPSInfo (0x8825).
  entry(ifd0 + 2, 0x010f, 2, make.length, (at) => u32(at, makeAt));
  entry(ifd0 + 14, 0x0112, 3, 1, (at) => u16(at, orientation));
  if (gps) entry(ifd0 + 26, 0x8825, 4, 1, (at) => u32(at, gpsAt));
  u32(ifd0End - 4, 0);
  for (let i = 0; i < make.length; i++) bytes[makeAt + i] = make.charCodeAt(i);
  if (gps) {
    u16(gpsAt, gpsCount);
    const ascii = (at: number, text: string) => [...text].forEach((ch, i) => (bytes[at + i] = ch.charCodeAt(0)));
    entry(gpsAt + 2, 0x0001, 2, 2, (at) => ascii(at, gps.latitude >= 0 ? 'N' : 'S'));
    entry(gpsAt + 14, 0x0002, 5, 3, (at) => u32(at, gpsValues));
    entry(gpsAt + 26, 0x0003, 2, 2, (at) => ascii(at, gps.longitude >= 0 ? 'E' : 'W'));
    entry(gpsAt + 38, 0x0004, 5, 3, (at) => u32(at, gpsValues + 24));
    u32(gpsAt + 50, 0);
    const rationals = (at: number, [d, m, s]: [number, number, number]) => {
      u32(at, d);
      u32(at + 4, 1);
      u32(at + 8, m);
      u32(at + 12, 1);
      u32(at + 16, s);
      u32(at + 20, 100);
    };
    rationals(gpsValues, dms(gps.latitude));
    rationals(gpsValues + 24, dms(gps.longitude));
  }
  return bytes;
}

/** A JPEG APP1 `Exif` segment. */
export function exifSegment(fields: ExifFields): Uint8Array {
  const tiff = tiffWithExif(fields);
  const header = [0x45, 0x78, 0x69, 0x66, 0, 0];
  const length = 2 + header.length + tiff.length;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...header, ...tiff]);
}

/** An XMP APP1 segment that names a location (as photo apps write it). */
export function xmpSegment(): Uint8Array {
  const text = 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="39,44.1234N"/></x:xmpmeta>';
  const body = new TextEncoder().encode(text);
  return Uint8Array.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
}

/** The JPEG with `segments` inserted right after its SOI marker. */
export function jpegWith(jpeg: Uint8Array, ...segments: Uint8Array[]): Uint8Array {
  return Uint8Array.from([...jpeg.subarray(0, 2), ...segments.flatMap((s) => [...s]), ...jpeg.subarray(2)]);
}

/** The PNG with an eXIf chunk inserted after IHDR. */
export function pngWithExif(png: Uint8Array, fields: ExifFields): Uint8Array {
  const data = tiffWithExif(fields);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set([0x65, 0x58, 0x49, 0x66], 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  return Uint8Array.from([...png.subarray(0, ihdrEnd), ...chunk, ...png.subarray(ihdrEnd)]);
}

/** Whether `needle` occurs in `haystack`. */
export function includesBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * What EXIF a JPEG or PNG still carries: the Orientation, whether IFD0 points at a GPS IFD, and
 * whether an XMP packet is there. null when it carries no EXIF.
 */
export function readExif(bytes: Uint8Array): { orientation: number | null; gps: boolean; xmp: boolean } | null {
  const text = new TextDecoder('latin1').decode(bytes);
  const xmp = text.includes('http://ns.adobe.com/xap/1.0/') || text.includes('XML:com.adobe.xmp');
  let tiffAt = text.indexOf('Exif\0\0');
  if (tiffAt >= 0) tiffAt += 6;
  else {
    const chunk = text.indexOf('eXIf');
    if (chunk < 0) return xmp ? { orientation: null, gps: false, xmp } : null;
    tiffAt = chunk + 4;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + tiffAt);
  const little = text.slice(tiffAt, tiffAt + 2) === 'II';
  const ifd0 = view.getUint32(4, little);
  const count = view.getUint16(ifd0, little);
  let orientation: number | null = null;
  let gps = false;
  for (let i = 0; i < count; i++) {
    const at = ifd0 + 2 + i * 12;
    const tag = view.getUint16(at, little);
    if (tag === 0x0112) orientation = view.getUint16(at + 8, little);
    if (tag === 0x8825) gps = true;
  }
  return { orientation, gps, xmp };
}
