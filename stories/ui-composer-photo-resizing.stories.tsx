import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { PhotoTools, Raster } from '../src/domain/attachment-prepare';
import baseCss from '../src/ui/core/base.css?inline';
import messageThreadCss from '../src/widgets/message-thread/message-thread.css?inline';
import threadBodyCss from '../src/widgets/message-thread/body/thread-body.css?inline';
import { THREAD_BODY_CATALOGUE } from '../src/widgets/message-thread/body/thread-body-messages';
import { Composer } from '../src/widgets/message-thread/composer/thread-composer';
import { shadowOf } from './support/queries';
import { WidgetFrame } from './support/widget-frame';
import { NO_FAULT } from './support/pinned';

/**
 * The thread's composer scaling down a photo over 4096 px (docs/widgets/message-thread.md#iphone-photos-size-and-location),
 * with stand-in photo tools whose decoding never ends, so the state holds still. Not reachable
 * through <message-thread>'s public API (the browser's decoder ends the state in a moment); the
 * composer's other photo states are in Elements/<message-thread>/Composer photos.
 */
const never = () => new Promise<never>(() => undefined);
const TINY_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9]);
const standIn = (overrides: Partial<PhotoTools>): PhotoTools => ({
  decodeHeic: never,
  decode: never,
  encode: async (_raster: Raster, _size, type) => new Blob([TINY_JPEG], { type }),
  ...overrides,
});

function ComposerFrame({ tools }: { tools: PhotoTools }) {
  const [photoTools] = useState(tools);
  return (
    <WidgetFrame styles={[baseCss, messageThreadCss, threadBodyCss]} catalogue={THREAD_BODY_CATALOGUE} hostStyle={{ maxWidth: 760 }}>
      <div className="lk-thread">
        <Composer status="ready" onSend={() => undefined} photoTools={photoTools} />
      </div>
    </WidgetFrame>
  );
}

const meta = {
  title: 'UI/Composer photo resizing',
  globals: NO_FAULT,
  component: ComposerFrame,
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

/** A photo over 4096 px on its long side being scaled down: 'Resizing photo…'. */
export const ResizingLargePhoto: Story = {
  args: { tools: standIn({}) },
  play: async ({ canvasElement }) => {
    // A JPEG header that says 8000 × 6000.
    const wide = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0x17, 0x70, 0x1f, 0x40, 1, 1, 0x11, 0, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
    const canvas = await pickInto(canvasElement, new File([wide], 'panorama.jpg', { type: 'image/jpeg' }));
    await expect(await canvas.findByText('Resizing photo…')).toHaveAttribute('role', 'status');
    // The bar beside the words, but on a phone (its row is narrow: the words alone).
    if (window.innerWidth > 480) await expect(canvas.getByRole('progressbar', { name: 'Resizing photo…' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};
