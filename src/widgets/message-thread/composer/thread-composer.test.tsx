import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createGatewayClient } from '../../../gateway/core/client';
import { HeicUnavailableError, type PhotoTools, type Raster } from '../../../domain/attachment-prepare';
import { WidgetShell } from '../../../runtime/widget-shell';
import { readExif } from '../../../../test/helpers/exif';
import { Composer, type ComposerSend } from './thread-composer';
import { THREAD_BODY_CATALOGUE } from '../body/thread-body-messages';

/**
 * The composer's photo pick (docs/widgets/message-thread.md#iphone-photos-size-and-location) with stand-ins for the browser's decoders and the HEIC
 * converter (happy-dom has neither canvas nor createImageBitmap): the real committed fixtures go
 * through the real `prepareAttachment`.
 */
// happy-dom's import.meta.url is not a file URL: the fixtures are found from the project root.
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve(process.cwd(), 'test/fixtures', name)));
const HEIC = fixture('iphone-photo.heic');
const JPEG_WITH_LOCATION = fixture('photo-with-location.jpg');
const TINY_JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9]);

/** Tools whose HEIC decode waits until the test lets it finish (or fail). */
function controlledTools() {
  let finish: (raster: Raster) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const tools: PhotoTools = {
    decodeHeic: vi.fn(
      () =>
        new Promise<Raster>((resolve, reject) => {
          finish = resolve;
          fail = reject;
        }),
    ),
    decode: vi.fn(async () => ({ width: 8000, height: 6000 })),
    encode: vi.fn(async (_raster, _size, type) => new Blob([TINY_JPEG], { type })),
  };
  return { tools, finish: (raster: Raster = { width: 160, height: 120 }) => finish(raster), fail: (error: unknown) => fail(error) };
}

function renderComposer(tools: PhotoTools) {
  const sends: ComposerSend[] = [];
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: () => Promise.reject(new Error('no calls')),
    auth: { kind: 'provider', spId: 1001 },
  });
  const view = render(
    <WidgetShell owner={{}} host={new EventTarget()} catalogue={THREAD_BODY_CATALOGUE} inputs={{ gateway: client }}>
      <Composer status="ready" onSend={(send) => void sends.push(send)} photoTools={tools} />
    </WidgetShell>,
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (bytes: Uint8Array, name: string, type: string) =>
    fireEvent.change(input, { target: { files: [new File([bytes as Uint8Array<ArrayBuffer>], name, { type })] } });
  return { ...view, sends, input, pick };
}

const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const box = () => screen.getByRole('textbox', { name: 'Write a message...' }) as HTMLTextAreaElement;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<Composer> iPhone photos (HEIC)', () => {
  it("shows 'Converting photo…' with a progress bar and Send disabled, then the JPEG's name; Send uploads the JPEG", async () => {
    const { tools, finish } = controlledTools();
    const { pick, sends } = renderComposer(tools);
    // Text typed first: Send still waits for the photo (text and photo go together).
    fireEvent.change(box(), { target: { value: 'The leak:' } });
    pick(HEIC, 'IMG_0042.HEIC', 'image/heic');
    expect(await screen.findByRole('progressbar', { name: 'Converting photo…' })).toBeTruthy();
    expect(screen.getByText('Converting photo…').getAttribute('role')).toBe('status');
    expect(screen.getByText('IMG_0042.HEIC')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    expect(box().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Attach a file' })).toBeNull();

    await act(async () => finish());
    expect(await screen.findByRole('button', { name: 'Remove file IMG_0042.jpg' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    expect(sends).toHaveLength(1);
    expect(sends[0]!.text).toBe('The leak:');
    expect(sends[0]!.contentType).toBe('image/jpeg');
    expect(sends[0]!.file?.name).toBe('IMG_0042.jpg');
    expect(sends[0]!.file?.type).toBe('image/jpeg');
    expect([...new Uint8Array(await sends[0]!.file!.arrayBuffer())]).toEqual([...TINY_JPEG]);
  });

  it('the trash button cancels a conversion: the attach button is back, a late result is dropped', async () => {
    const { tools, finish } = controlledTools();
    const { pick } = renderComposer(tools);
    pick(HEIC, 'IMG_0042.HEIC', 'image/heic');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove file IMG_0042.HEIC' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeTruthy();
    await act(async () => finish());
    expect(screen.queryByRole('button', { name: /^Remove file/ })).toBeNull();
    expect(sendButton().disabled).toBe(true);
    expect(box().disabled).toBe(false);
  });

  it('says so when the converter cannot run here (not installed, CSP) or cannot read the photo; the message hides after 10 s', async () => {
    const { tools, fail } = controlledTools();
    const { pick } = renderComposer(tools);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    pick(HEIC, 'IMG_0042.HEIC', 'image/heic');
    await screen.findByRole('progressbar', { name: 'Converting photo…' });
    await act(async () => fail(new HeicUnavailableError('blocked')));
    expect(await screen.findByText("iPhone photos (HEIC) can't be converted here. Please send it as a JPEG or PNG.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeTruthy();
    pick(HEIC, 'IMG_0043.HEIC', 'image/heic');
    await screen.findByRole('progressbar', { name: 'Converting photo…' });
    await act(async () => fail(new Error('HEIF image not found')));
    expect(await screen.findByText("This photo couldn't be converted. Please try again or send a JPEG or PNG.")).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(10_100));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});

describe('<Composer> keyboard', () => {
  it('a pick made from the attach button leaves focus on the trash button that replaced it', async () => {
    const { tools, finish } = controlledTools();
    const { pick } = renderComposer(tools);
    screen.getByRole('button', { name: 'Attach a file' }).focus();
    pick(HEIC, 'IMG_0042.HEIC', 'image/heic');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove file IMG_0042.HEIC' })));
    await act(async () => finish());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove file IMG_0042.jpg' })));
  });
});

describe('<Composer> photo size and location', () => {
  it("shows 'Resizing photo…' while a photo over 4096 px is scaled down", async () => {
    let finish: (raster: Raster) => void = () => undefined;
    const tools: PhotoTools = {
      decodeHeic: vi.fn(),
      decode: vi.fn(() => new Promise<Raster>((resolve) => (finish = resolve))),
      encode: vi.fn(async (_raster, _size, type) => new Blob([TINY_JPEG], { type })),
    };
    const { pick, sends } = renderComposer(tools);
    const wide = Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0x17, 0x70, 0x1f, 0x40, 1, 1, 0x11, 0, 0xff, 0xda, 0, 2, 0xff, 0xd9]); // 8000 × 6000
    pick(wide, 'wide.jpg', 'image/jpeg');
    expect(await screen.findByRole('progressbar', { name: 'Resizing photo…' })).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    await act(async () => finish({ width: 8000, height: 6000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(tools.encode).toHaveBeenCalledWith(expect.anything(), { width: 4096, height: 3072 }, 'image/jpeg', 0.9);
  });

  it('sends a JPEG without its GPS, no progress shown, no re-encoding', async () => {
    const { tools } = controlledTools();
    const { pick, sends } = renderComposer(tools);
    pick(JPEG_WITH_LOCATION, 'porch.jpg', 'image/jpeg');
    expect(await screen.findByRole('button', { name: 'Remove file porch.jpg' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(sendButton());
    const sent = new Uint8Array(await sends[0]!.file!.arrayBuffer());
    expect(readExif(sent)).toEqual({ orientation: 1, gps: false, xmp: false });
    expect(sent.length).toBe(JPEG_WITH_LOCATION.length);
    expect(tools.encode).not.toHaveBeenCalled();
  });
});
