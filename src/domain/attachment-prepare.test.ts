import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { includesBytes, readExif } from '../../test/helpers/exif';
import { fitLongSide, HeicUnavailableError, jpegName, prepareAttachment, PHOTO_JPEG_QUALITY, type PhotoTools, type Raster } from './attachment-prepare';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url)));
const HEIC = fixture('iphone-photo.heic');
const JPEG_WITH_LOCATION = fixture('photo-with-location.jpg');
const PNG_1x1 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0));
const FAKE_JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9]);
const FAKE_PNG = PNG_1x1;

/** A JPEG header that says width × height (SOF0), then nothing. */
function jpegOfSize(width: number, height: number): Uint8Array {
  return Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}
/** A PNG header that says width × height. */
function pngOfSize(width: number, height: number): Uint8Array {
  const png = PNG_1x1.slice();
  new DataView(png.buffer).setUint32(16, width);
  new DataView(png.buffer).setUint32(20, height);
  return png;
}

interface FakeRaster extends Raster {
  from: string;
}

/** Tools that record what they were asked; encode returns a tiny JPEG/PNG. */
function fakeTools(overrides: Partial<PhotoTools<FakeRaster>> = {}) {
  const encoded: { width: number; height: number; type: string; quality: number }[] = [];
  const closed: string[] = [];
  const raster = (from: string, width: number, height: number): FakeRaster => ({ from, width, height, close: () => closed.push(from) });
  const tools: PhotoTools<FakeRaster> = {
    decodeHeic: vi.fn(async () => raster('heic', 160, 120)),
    decode: vi.fn(async () => raster('image', 8000, 6000)),
    encode: vi.fn(async (_raster, size, type, quality) => {
      encoded.push({ ...size, type, quality });
      return new Blob([(type === 'image/png' ? FAKE_PNG : FAKE_JPEG) as Uint8Array<ArrayBuffer>], { type });
    }),
    ...overrides,
  };
  return { tools, encoded, closed, raster };
}

const file = (bytes: Uint8Array, name: string, type = '') => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('prepareAttachment: HEIC (by content) becomes a JPEG before the attachment checks', () => {
  it('converts the fixture, named .jpg, typed image/jpeg, telling the phase', async () => {
    const { tools, encoded, closed } = fakeTools();
    const phases: string[] = [];
    const result = await prepareAttachment(file(HEIC, 'IMG_0042.HEIC', 'image/heic'), tools, { onPhase: (phase) => phases.push(phase) });
    expect(result).toMatchObject({ ok: true, type: 'image/jpeg', converted: true, resized: false });
    if (!result.ok) return;
    expect(result.file.name).toBe('IMG_0042.jpg');
    expect(result.file.type).toBe('image/jpeg');
    expect([...(await bytesOf(result.file))]).toEqual([...FAKE_JPEG]);
    expect(phases).toEqual(['converting']);
    expect(encoded).toEqual([{ width: 160, height: 120, type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY }]);
    expect(closed).toEqual(['heic']);
  });

  it('judges by content: a HEIC named .jpg converts, a JPEG named .heic does not', async () => {
    const { tools } = fakeTools();
    expect(await prepareAttachment(file(HEIC, 'disguised.jpg', 'image/jpeg'), tools)).toMatchObject({ ok: true, converted: true });
    const jpeg = await prepareAttachment(file(FAKE_JPEG, 'real.heic', 'image/heic'), tools);
    expect(jpeg).toMatchObject({ ok: true, converted: false, type: 'image/jpeg' });
    expect(tools.decodeHeic).toHaveBeenCalledTimes(1);
  });

  it('scales a HEIC over 4096 px to 4096 on its long side in the same encode', async () => {
    const { tools, encoded, raster } = fakeTools({ decodeHeic: async () => raster('heic', 8064, 6048) });
    const result = await prepareAttachment(file(HEIC, 'big.heic'), tools);
    expect(result).toMatchObject({ ok: true, converted: true, resized: true });
    expect(encoded).toEqual([{ width: 4096, height: 3072, type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY }]);
  });

  it('converter unavailable (not installed, CSP) → heicUnavailable; a decode failure → heicFailed', async () => {
    const unavailable = fakeTools({ decodeHeic: () => Promise.reject(new HeicUnavailableError('blocked')) });
    expect(await prepareAttachment(file(HEIC, 'a.heic'), unavailable.tools)).toEqual({ ok: false, error: 'validation.heicUnavailable' });
    const broken = fakeTools({ decodeHeic: () => Promise.reject(new Error('HEIF image not found')) });
    expect(await prepareAttachment(file(HEIC, 'a.heic'), broken.tools)).toEqual({ ok: false, error: 'validation.heicFailed' });
  });

  it('checks the converted JPEG’s size', async () => {
    const { tools } = fakeTools({
      encode: async () => {
        const blob = new Blob([FAKE_JPEG as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
        Object.defineProperty(blob, 'size', { value: 157_286_401 });
        return blob;
      },
    });
    expect(await prepareAttachment(file(HEIC, 'a.heic'), tools)).toEqual({ ok: false, error: 'validation.fileTooLarge' });
  });

  it('refuses a file over 150 MB before converting anything', async () => {
    const { tools } = fakeTools();
    const huge = file(HEIC, 'huge.heic');
    Object.defineProperty(huge, 'size', { value: 157_286_401 });
    expect(await prepareAttachment(huge, tools)).toEqual({ ok: false, error: 'validation.fileTooLarge' });
    expect(tools.decodeHeic).not.toHaveBeenCalled();
  });
});

describe('prepareAttachment: JPEG and PNG', () => {
  it('keeps the attachment texts: not an image → fileType, unreadable → fileDefault', async () => {
    const { tools } = fakeTools();
    expect(await prepareAttachment(file(new TextEncoder().encode('notes'), 'notes.png', 'image/png'), tools)).toEqual({
      ok: false,
      error: 'validation.fileType',
    });
    const unreadable = file(FAKE_PNG, 'broken.png', 'image/png');
    Object.defineProperty(unreadable, 'slice', { value: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }) });
    expect(await prepareAttachment(unreadable, tools)).toEqual({ ok: false, error: 'validation.fileDefault' });
  });

  it('passes a small photo without location through untouched: the very File picked', async () => {
    const { tools } = fakeTools();
    const picked = file(FAKE_PNG, 'leak.png', 'image/png');
    const phases: string[] = [];
    const result = await prepareAttachment(picked, tools, { onPhase: (phase) => phases.push(phase) });
    expect(result).toMatchObject({ ok: true, type: 'image/png', converted: false, resized: false, locationRemoved: false });
    expect(result.ok && result.file).toBe(picked);
    expect(phases).toEqual([]);
    expect(tools.decode).not.toHaveBeenCalled();
  });

  it('sends a renamed PNG (declared JPEG) with its content’s type', async () => {
    const { tools } = fakeTools();
    const result = await prepareAttachment(file(FAKE_PNG, 'leak.jpg', 'image/jpeg'), tools);
    expect(result).toMatchObject({ ok: true, type: 'image/png' });
    expect(result.ok && result.file.type).toBe('image/png');
    expect(result.ok && result.file.name).toBe('leak.jpg');
  });

  it('strips the GPS block of a JPEG without re-encoding it', async () => {
    const { tools } = fakeTools();
    const result = await prepareAttachment(file(JPEG_WITH_LOCATION, 'porch.jpg', 'image/jpeg'), tools);
    expect(result).toMatchObject({ ok: true, type: 'image/jpeg', resized: false, locationRemoved: true });
    if (!result.ok) return;
    const sent = await bytesOf(result.file);
    expect(readExif(sent)).toEqual({ orientation: 1, gps: false, xmp: false });
    expect(sent.length).toBe(JPEG_WITH_LOCATION.length);
    expect(includesBytes(sent, JPEG_WITH_LOCATION.subarray(-500))).toBe(true);
    expect(result.file.name).toBe('porch.jpg');
    expect(tools.encode).not.toHaveBeenCalled();
  });

  it('scales a JPEG over 4096 px down, in its own type, telling the phase', async () => {
    const { tools, encoded, closed } = fakeTools();
    const phases: string[] = [];
    const result = await prepareAttachment(file(jpegOfSize(8000, 6000), 'wide.jpg', 'image/jpeg'), tools, { onPhase: (phase) => phases.push(phase) });
    expect(result).toMatchObject({ ok: true, type: 'image/jpeg', resized: true, converted: false });
    expect(phases).toEqual(['resizing']);
    expect(encoded).toEqual([{ width: 4096, height: 3072, type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY }]);
    expect(closed).toEqual(['image']);
  });

  it('scales a tall PNG by its height and keeps PNG; exactly 4096 stays as it is', async () => {
    const { tools, encoded, raster } = fakeTools({ decode: vi.fn(async () => raster('image', 3000, 5000)) });
    expect(await prepareAttachment(file(pngOfSize(3000, 5000), 'tall.png', 'image/png'), tools)).toMatchObject({ ok: true, type: 'image/png', resized: true });
    expect(encoded).toEqual([{ width: 2458, height: 4096, type: 'image/png', quality: PHOTO_JPEG_QUALITY }]);
    expect(await prepareAttachment(file(pngOfSize(4096, 4096), 'square.png', 'image/png'), tools)).toMatchObject({ ok: true, resized: false });
    expect(tools.decode).toHaveBeenCalledTimes(1);
  });

  it('a photo over 4096 px the browser cannot decode → fileDefault', async () => {
    const { tools } = fakeTools({ decode: () => Promise.reject(new Error('decode failed')) });
    expect(await prepareAttachment(file(jpegOfSize(5000, 100), 'odd.jpg'), tools)).toEqual({ ok: false, error: 'validation.fileDefault' });
  });
});

describe('helpers', () => {
  it('fitLongSide keeps the ratio and never enlarges', () => {
    expect(fitLongSide({ width: 8192, height: 4096 })).toEqual({ width: 4096, height: 2048 });
    expect(fitLongSide({ width: 100, height: 50 })).toEqual({ width: 100, height: 50 });
    expect(fitLongSide({ width: 100_000, height: 1 })).toEqual({ width: 4096, height: 1 });
  });

  it('jpegName replaces the extension', () => {
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('my.trip.heif')).toBe('my.trip.jpg');
    expect(jpegName('.heic')).toBe('photo.jpg');
  });
});
