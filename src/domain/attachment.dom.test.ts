import { describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_ERROR_MS, ATTACHMENT_MAX_BYTES, type AttachmentSource, sniffImageType, validateAttachment, validateAttachmentMeta } from './attachment';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];
const png = () => new Uint8Array([...PNG_HEAD, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const jpeg = () => new Uint8Array([...JPEG_HEAD, 0x49, 0x46, 0x00]);
const text = () => new TextEncoder().encode('just some notes, not an image');

/** A stand-in for a File of any size whose content starts with `head`; allocates only `head`. */
function fakeFile(size: number, type: string, head: Uint8Array): AttachmentSource & { slice: ReturnType<typeof vi.fn> } {
  return {
    size,
    type,
    name: 'fake',
    slice: vi.fn((start = 0, end = size) => ({
      arrayBuffer: () => Promise.resolve(head.slice(start, end).buffer),
    })),
  };
}

describe('attachment constants', () => {
  it('are the spec values', () => {
    expect(ATTACHMENT_MAX_BYTES).toBe(157286400);
    expect(ATTACHMENT_ERROR_MS).toBe(10000);
  });
});

describe('validateAttachmentMeta', () => {
  it('accepts exactly 157286400 bytes', () => {
    expect(validateAttachmentMeta({ size: 157286400, type: 'image/png' })).toBeNull();
  });
  it('refuses 157286401 bytes with the size text', () => {
    expect(validateAttachmentMeta({ size: 157286401, type: 'image/png' })).toBe('validation.fileTooLarge');
  });
  it('accepts JPEG and PNG, case-insensitively', () => {
    expect(validateAttachmentMeta({ size: 10, type: 'image/jpeg' })).toBeNull();
    expect(validateAttachmentMeta({ size: 10, type: 'image/png' })).toBeNull();
    expect(validateAttachmentMeta({ size: 10, type: 'IMAGE/PNG' })).toBeNull();
  });
  it.each(['image/gif', 'image/webp', 'image/heic', 'application/pdf', 'text/plain', ''])('refuses %j with the type text', (type) => {
    expect(validateAttachmentMeta({ size: 10, type })).toBe('validation.fileType');
  });
  it('reports size before type', () => {
    expect(validateAttachmentMeta({ size: 157286401, type: 'text/plain' })).toBe('validation.fileTooLarge');
  });
});

describe('sniffImageType', () => {
  it('recognises PNG and JPEG signatures', () => {
    expect(sniffImageType(png())).toBe('image/png');
    expect(sniffImageType(jpeg())).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
  });
  it('refuses other content and truncated signatures', () => {
    expect(sniffImageType(text())).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array(PNG_HEAD.slice(0, 7)))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a..'))).toBeNull();
    // PNG signature with one byte wrong (the DOS line-ending check byte)
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]))).toBeNull();
  });
});

describe('validateAttachment', () => {
  it('accepts a real PNG File', async () => {
    const file = new File([png()], 'photo.png', { type: 'image/png' });
    await expect(validateAttachment(file)).resolves.toEqual({ ok: true, type: 'image/png', declaredTypeMismatch: false });
  });

  it('accepts a real JPEG Blob', async () => {
    const blob = new Blob([jpeg()], { type: 'image/jpeg' });
    await expect(validateAttachment(blob)).resolves.toEqual({ ok: true, type: 'image/jpeg', declaredTypeMismatch: false });
  });

  it('accepts a PNG named .jpg (declared image/jpeg) and reports image/png for the upload', async () => {
    const file = new File([png()], 'photo.jpg', { type: 'image/jpeg' });
    await expect(validateAttachment(file)).resolves.toEqual({ ok: true, type: 'image/png', declaredTypeMismatch: true });
  });

  it('accepts a JPEG without a declared type', async () => {
    const file = new File([jpeg()], 'photo', { type: '' });
    await expect(validateAttachment(file)).resolves.toMatchObject({ ok: true, type: 'image/jpeg' });
  });

  it('refuses a text file named .png with the type text', async () => {
    const file = new File([text()], 'notes.png', { type: 'image/png' });
    await expect(validateAttachment(file)).resolves.toEqual({ ok: false, error: 'validation.fileType' });
  });

  it('refuses an empty file with the type text', async () => {
    const file = new File([], 'empty.png', { type: 'image/png' });
    await expect(validateAttachment(file)).resolves.toEqual({ ok: false, error: 'validation.fileType' });
  });

  it('accepts exactly 157286400 bytes', async () => {
    const file = fakeFile(157286400, 'image/png', png());
    await expect(validateAttachment(file)).resolves.toMatchObject({ ok: true, type: 'image/png' });
  });

  it('refuses 157286401 bytes without reading the file', async () => {
    const file = fakeFile(157286401, 'image/png', png());
    await expect(validateAttachment(file)).resolves.toEqual({ ok: false, error: 'validation.fileTooLarge' });
    expect(file.slice).not.toHaveBeenCalled();
  });

  it('reads only the first 8 bytes', async () => {
    const file = fakeFile(5_000_000, 'image/jpeg', jpeg());
    await validateAttachment(file);
    expect(file.slice).toHaveBeenCalledWith(0, 8);
  });

  it('gives the default attachment text when the file cannot be read', async () => {
    const file: AttachmentSource = {
      size: 100,
      type: 'image/png',
      slice: () => ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')) }),
    };
    await expect(validateAttachment(file)).resolves.toEqual({ ok: false, error: 'validation.fileDefault' });
  });
});
