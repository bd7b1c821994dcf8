import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exifSegment, includesBytes, jpegWith, pngWithExif, readExif, xmpSegment } from '../../test/helpers/exif';
import { crc32, imagePixelSize, isHeif, stripJpegLocation, stripPngLocation } from './photo-metadata';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url)));
const HEIC = fixture('iphone-photo.heic');
/** 160×120, EXIF with Orientation 1 and Denver's coordinates (see test/fixtures/README.md). */
const JPEG_WITH_LOCATION = fixture('photo-with-location.jpg');
const PNG_1x1 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0));

/** An ftyp box with these brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + compatible.length * 4;
  const text = major + '\0\0\0\0' + compatible.join('');
  return Uint8Array.from([0, 0, 0, size, ...'ftyp'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)).concat([...text].map((c) => c.charCodeAt(0))));
}

/** Latitude 39.7392° as the helper writes it: 39°, 44′, 2112 hundredths of a second — big-endian. */
const LATITUDE_RATIONALS = Uint8Array.from([0, 0, 0, 39, 0, 0, 0, 1, 0, 0, 0, 44, 0, 0, 0, 1, 0, 0, 0x08, 0x40, 0, 0, 0, 100]);

describe('isHeif: by the ftyp brands, never the name', () => {
  it('knows the committed iPhone-style fixture (major brand heic)', () => {
    expect(isHeif(HEIC)).toBe(true);
  });

  it('takes HEVC brands as major or compatible, and mif1 alone, but not AVIF', () => {
    expect(isHeif(ftyp('heix', 'mif1'))).toBe(true);
    expect(isHeif(ftyp('mif1', 'heic'))).toBe(true);
    expect(isHeif(ftyp('msf1', 'hevc'))).toBe(true);
    expect(isHeif(ftyp('mif1', 'miaf'))).toBe(true);
    expect(isHeif(ftyp('avif', 'mif1', 'miaf'))).toBe(false);
    expect(isHeif(ftyp('mif1', 'avif'))).toBe(false);
    expect(isHeif(ftyp('isom', 'mp41'))).toBe(false);
  });

  it('refuses JPEG, PNG, text and short input', () => {
    expect(isHeif(JPEG_WITH_LOCATION)).toBe(false);
    expect(isHeif(PNG_1x1)).toBe(false);
    expect(isHeif(new TextEncoder().encode('....ftypheic but text'))).toBe(false);
    expect(isHeif(HEIC.subarray(0, 10))).toBe(false);
  });
});

describe('imagePixelSize: from the header', () => {
  it('reads a JPEG’s frame and a PNG’s IHDR', () => {
    expect(imagePixelSize(JPEG_WITH_LOCATION, 'image/jpeg')).toEqual({ width: 160, height: 120 });
    expect(imagePixelSize(PNG_1x1, 'image/png')).toEqual({ width: 1, height: 1 });
  });

  it('gives null for a header it cannot read', () => {
    expect(imagePixelSize(JPEG_WITH_LOCATION.subarray(0, 30), 'image/jpeg')).toBeNull();
    expect(imagePixelSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBeNull();
  });
});

describe('stripJpegLocation', () => {
  it('removes the GPS block of the committed fixture and keeps orientation and the picture', () => {
    expect(readExif(JPEG_WITH_LOCATION)).toEqual({ orientation: 1, gps: true, xmp: false });
    expect(includesBytes(JPEG_WITH_LOCATION, LATITUDE_RATIONALS)).toBe(true);
    const stripped = stripJpegLocation(JPEG_WITH_LOCATION)!;
    expect(stripped).not.toBeNull();
    // Same length (done in place), no GPS pointer, no coordinates left anywhere in the bytes.
    expect(stripped.length).toBe(JPEG_WITH_LOCATION.length);
    expect(readExif(stripped)).toEqual({ orientation: 1, gps: false, xmp: false });
    expect(includesBytes(stripped, LATITUDE_RATIONALS)).toBe(false);
    expect(imagePixelSize(stripped, 'image/jpeg')).toEqual({ width: 160, height: 120 });
    // The scan data is untouched: the last 1000 bytes are the same.
    expect([...stripped.subarray(-1000)]).toEqual([...JPEG_WITH_LOCATION.subarray(-1000)]);
  });

  it('keeps Orientation 6 (a phone held upright) in little-endian EXIF too, and drops XMP', () => {
    const base = JPEG_WITH_LOCATION;
    const plain = stripJpegLocation(base)!; // the fixture without its location
    const jpeg = jpegWith(plain, exifSegment({ orientation: 6, gps: { latitude: -33.8688, longitude: 151.2093 }, littleEndian: true }), xmpSegment());
    expect(readExif(jpeg.subarray(0, 400))).toMatchObject({ orientation: 6, gps: true, xmp: true });
    const stripped = stripJpegLocation(jpeg)!;
    const exif = stripped.subarray(0, 400);
    expect(readExif(exif)).toEqual({ orientation: 6, gps: false, xmp: false });
    expect(new TextDecoder('latin1').decode(stripped)).not.toContain('GPSLatitude');
  });

  it('gives null when there is no location (send the original as it is)', () => {
    const plain = stripJpegLocation(JPEG_WITH_LOCATION)!;
    expect(stripJpegLocation(plain)).toBeNull();
    expect(stripJpegLocation(jpegWith(plain, exifSegment({ orientation: 3 })))).toBeNull();
    expect(stripJpegLocation(new TextEncoder().encode('not a jpeg'))).toBeNull();
  });
});

describe('stripPngLocation', () => {
  it('removes GPS from an eXIf chunk and writes its CRC anew', () => {
    const png = pngWithExif(PNG_1x1, { orientation: 1, gps: { latitude: 39.7392, longitude: -104.9903 } });
    expect(readExif(png)).toMatchObject({ gps: true });
    const stripped = stripPngLocation(png)!;
    expect(readExif(stripped)).toEqual({ orientation: 1, gps: false, xmp: false });
    expect(includesBytes(stripped, LATITUDE_RATIONALS)).toBe(false);
    // The eXIf chunk's CRC matches its new bytes.
    const view = new DataView(stripped.buffer);
    const at = new TextDecoder('latin1').decode(stripped).indexOf('eXIf') - 4;
    const length = view.getUint32(at);
    expect(view.getUint32(at + 8 + length)).toBe(crc32(stripped.subarray(at + 4, at + 8 + length)));
    expect(imagePixelSize(stripped, 'image/png')).toEqual({ width: 1, height: 1 });
  });

  it('gives null for a PNG without location', () => {
    expect(stripPngLocation(PNG_1x1)).toBeNull();
  });
});
