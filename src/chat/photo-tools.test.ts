import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeicUnavailableError } from '../domain/attachment-prepare';
import { createBrowserPhotoTools, HEIC_CONVERTER_MISSING_HINT } from './photo-tools';
import type { HeicConverterModule } from './peer-defaults';

/**
 * The HEIC half of the browser photo tools, as npm's leadkit runs it: the converter comes only
 * from the host (`heicConverter` of `leadkit/heic`); leadkit's own modules never import heic-to.
 */
const HEIC = new Blob([new Uint8Array(16)], { type: 'image/heic' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('browser photo tools: the HEIC converter', () => {
  it('without a converter from the host, a HEIC pick fails as unavailable, says what to do, and probes no worker', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const canStartWorker = vi.fn(async () => true);
    const tools = createBrowserPhotoTools({ canStartWorker });
    const failure = await tools.decodeHeic(HEIC).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HeicUnavailableError);
    expect((failure as Error).message).toBe(HEIC_CONVERTER_MISSING_HINT);
    expect(HEIC_CONVERTER_MISSING_HINT).toContain("import { heicConverter } from 'leadkit/heic'");
    expect(warn).toHaveBeenCalledWith(HEIC_CONVERTER_MISSING_HINT);
    expect(canStartWorker).not.toHaveBeenCalled();
  });

  it("decodes with the host's converter, asking it for an upright bitmap", async () => {
    const bitmap = { width: 160, height: 120 } as ImageBitmap;
    const heicTo = vi.fn<HeicConverterModule['heicTo']>(async () => bitmap);
    const tools = createBrowserPhotoTools({ importConverter: async () => ({ heicTo }), canStartWorker: async () => true });
    await expect(tools.decodeHeic(HEIC)).resolves.toBe(bitmap);
    expect(heicTo).toHaveBeenCalledWith({ blob: HEIC, type: 'bitmap' });
  });

  it('a converter whose package is not installed fails as unavailable with the same hint', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = Object.assign(new Error("Cannot find package 'heic-to'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const tools = createBrowserPhotoTools({ importConverter: () => Promise.reject(missing), canStartWorker: async () => true });
    await expect(tools.decodeHeic(HEIC)).rejects.toMatchObject({ name: 'HeicUnavailableError', message: HEIC_CONVERTER_MISSING_HINT, cause: missing });
  });
});
