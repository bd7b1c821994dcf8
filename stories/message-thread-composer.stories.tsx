import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { createBrowserPhotoTools } from '../src/chat/photo-tools';
import { heicConverter } from '../src/heic';
import { HeicUnavailableError, type PhotoTools, type Raster } from '../src/domain/attachment-prepare';
import baseCss from '../src/ui/base.css?inline';
import messageThreadCss from '../src/widgets/message-thread/message-thread.css?inline';
import threadBodyCss from '../src/widgets/message-thread/thread-body.css?inline';
import { THREAD_BODY_CATALOGUE } from '../src/widgets/message-thread/thread-body-messages';
import { Composer, type ComposerSend } from '../src/widgets/message-thread/thread-composer';
import heicUrl from '../test/fixtures/iphone-photo.heic?url';
import { shadowOf } from './support/queries';
import { WidgetFrame } from './support/widget-frame';

/**
 * The thread's composer picking photos (docs/widgets/message-thread.md#iphone-photos-size-and-location): an iPhone photo (HEIC) is converted to JPEG
 * in the browser, a photo over 4096 px is scaled down, EXIF location is removed. The states with
 * stand-in tools hold still (a conversion that never ends); 'HEIC converted' runs the real
 * converter (heic-to) on the committed fixture.
 */
const never = () => new Promise<never>(() => undefined);
const TINY_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9]);
const standIn = (overrides: Partial<PhotoTools>): PhotoTools => ({
  decodeHeic: never,
  decode: never,
  encode: async (_raster: Raster, _size, type) => new Blob([TINY_JPEG], { type }),
  ...overrides,
});

function ComposerFrame({ tools }: { tools: PhotoTools | 'browser' }) {
  // The converter as a host gives it (`heicConverter` from leadkit/heic; docs/widgets/message-thread.md#iphone-photos-size-and-location).
  const [photoTools] = useState(() => (tools === 'browser' ? createBrowserPhotoTools({ importConverter: heicConverter }) : tools));
  const [sent, setSent] = useState<ComposerSend[]>([]);
  return (
    <WidgetFrame styles={[baseCss, messageThreadCss, threadBodyCss]} catalogue={THREAD_BODY_CATALOGUE} hostStyle={{ maxWidth: 760 }}>
      <div className="lk-thread">
        <Composer status="ready" onSend={(send) => setSent((list) => [...list, send])} photoTools={photoTools} />
        <span hidden data-sent={sent.map((send) => `${send.file?.name ?? ''}:${send.contentType ?? ''}`).join(',')} />
      </div>
    </WidgetFrame>
  );
}

const meta = {
  title: 'Widgets/Message thread/Composer photos',
  component: ComposerFrame,
  args: { tools: 'browser' },
  argTypes: { tools: { control: false } },
} satisfies Meta<typeof ComposerFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

async function pickInto(canvasElement: HTMLElement, file: File) {
  const { canvas, root } = await shadowOf(canvasElement);
  const input = root.querySelector('input[type="file"]') as HTMLInputElement;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return canvas;
}

const heicFile = async (name = 'IMG_0042.HEIC') => new File([await (await fetch(heicUrl)).arrayBuffer()], name, { type: 'image/heic' });

/** While an iPhone photo converts: its name, 'Converting photo…' with a progress bar, Send disabled, the trash to cancel. */
export const ConvertingHeic: Story = {
  args: { tools: standIn({}) },
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    await expect(await canvas.findByRole('progressbar', { name: 'Converting photo…' })).toBeVisible();
    await expect(canvas.getByText('Converting photo…')).toHaveAttribute('role', 'status');
    await expect(canvas.getByText('IMG_0042.HEIC')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove file IMG_0042.HEIC' })).toBeEnabled();
  },
};

/** A photo over 4096 px on its long side being scaled down: 'Resizing photo…'. */
export const ResizingLargePhoto: Story = {
  args: { tools: standIn({}) },
  play: async ({ canvasElement }) => {
    // A JPEG header that says 8000 × 6000.
    const wide = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0x17, 0x70, 0x1f, 0x40, 1, 1, 0x11, 0, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
    const canvas = await pickInto(canvasElement, new File([wide], 'panorama.jpg', { type: 'image/jpeg' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Resizing photo…' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** The real converter (heic-to, loaded on this pick) turns the committed HEIC into IMG_0042.jpg; Send sends it as a JPEG. */
export const HeicConverted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    const remove = await canvas.findByRole('button', { name: 'Remove file IMG_0042.jpg' }, { timeout: 30_000 });
    await expect(remove).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    send.click();
    const { root } = await shadowOf(canvasElement);
    await waitFor(() => expect(root.querySelector<HTMLElement>('[data-sent]')?.dataset.sent).toBe('IMG_0042.jpg:image/jpeg'));
  },
};

/** The converter cannot run here (not installed, or the page's CSP forbids its worker): the message, for 10 s. */
export const HeicUnavailable: Story = {
  args: { tools: standIn({ decodeHeic: () => Promise.reject(new HeicUnavailableError('blocked')) }) },
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    await expect(await canvas.findByRole('alert')).toHaveTextContent("iPhone photos (HEIC) can't be converted here. Please send it as a JPEG or PNG.");
    await expect(canvas.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
  },
};

/** A HEIC the converter cannot read. */
export const HeicFailed: Story = {
  args: { tools: standIn({ decodeHeic: () => Promise.reject(new Error('HEIF image not found')) }) },
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    await expect(await canvas.findByRole('alert')).toHaveTextContent("This photo couldn't be converted. Please try again or send a JPEG or PNG.");
  },
};
