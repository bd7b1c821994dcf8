import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { localized } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { heicConverter, type HeicConverter } from '../../src/heic';
import { MessageThread, type MessageThreadProps } from '../../src/react';
import { loadPhotoPick } from '../../src/widgets/message-thread/composer/composer-loaders';
import heicUrl from '../../test/fixtures/iphone-photo.heic?url';
import { elementFrame } from '../support/element-frame';
import { shadowOf, within } from '../support/queries';
import { NO_FAULT } from '../support/pinned';

/**
 * The thread's composer picking photos (docs/widgets/message-thread.md#iphone-photos-size-and-location): an iPhone photo (HEIC) is converted to JPEG
 * in the browser, EXIF location is removed. The converter is the host's `heicConverter`
 * property: a stand-in whose conversion never ends holds the converting state still, one that
 * fails shows the error; 'HEIC converted' runs the real converter (`leadkit/heic`, heic-to) on the
 * committed fixture; without one, iPhone photos cannot be converted. (A photo over 4096 px being
 * scaled down: UI/Composer photo resizing.)
 */
const never = () => new Promise<never>(() => undefined);

/** The thread with this `heicConverter` (none: the host set none). */
const withConverter = (converter?: HeicConverter) =>
  elementFrame('message-thread', { clock: true, style: { maxWidth: 760 }, properties: () => (converter ? { heicConverter: converter } : {}) });

const meta = {
  title: 'Elements/<message-thread>/Composer photos',
  globals: NO_FAULT,
  component: MessageThread,
  args: { spId: 1001, userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  render: withConverter(heicConverter),
  // The photo pipeline is a lazy chunk the composer fetches at the pick; the stories check what a
  // pick shows, not how fast the dev server serves that chunk on a busy machine (CI once saw the
  // converting state come after the queries' 5 s).
  loaders: [async () => (await loadPhotoPick(), {})],
} satisfies Meta<MessageThreadProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Picks `file` in the composer once the thread is ready for attachments. */
async function pickInto(canvasElement: HTMLElement, file: File) {
  const { canvas, root } = await shadowOf(canvasElement);
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Attach a file' })).toBeEnabled());
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
  render: withConverter(() => never()),
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    await expect(await canvas.findByText('Converting photo…')).toHaveAttribute('role', 'status');
    // The bar beside the words, but on a phone (its row is narrow: the words alone).
    if (window.innerWidth > 480) await expect(canvas.getByRole('progressbar', { name: 'Converting photo…' })).toBeVisible();
    await expect(canvas.getByText('IMG_0042.HEIC')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove file IMG_0042.HEIC' })).toBeEnabled();
  },
};

/** The real converter (heic-to) turns the committed HEIC into IMG_0042.jpg; Send sends it: the photo shows in the thread. */
export const HeicConverted: Story = {
  // heic-to (≈ 3 MB) fetched before the story, as the photo pipeline is: the composer still calls
  // the converter at the pick, as on a page, and finds the module already loaded.
  loaders: [async () => (await heicConverter(), {})],
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    // The conversion compiles libheif (3 MB of JavaScript) in a new worker: a second here, over
    // 30 s on CI's two cores under the full suite (2026-11-27). Waited for up to the test's own
    // bound (BROWSER_TEST_TIMEOUT_MS, 60 s), since the converted photo is the state under test.
    const remove = await canvas.findByRole('button', { name: 'Remove file IMG_0042.jpg' }, { timeout: 55_000 });
    await expect(remove).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    send.click();
    const list = canvas.getByRole('region', { name: 'Messages' });
    // The photo itself, not its placeholder (replaced once the photo has loaded): looked up again on each try.
    await waitFor(() => {
      const photo = within(list).getByRole('img', { name: 'IMG_0042.jpg' });
      expect(photo.tagName).toBe('IMG');
      expect(photo).toBeVisible();
    });
  },
};

/** The converter cannot run here (not installed, or the page's CSP forbids its worker): the message, for 10 s. */
export const HeicUnavailable: Story = {
  render: withConverter(),
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      localized("iPhone photos (HEIC) can't be converted here. Please send it as a JPEG or PNG."),
    );
    await expect(canvas.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
  },
};

/** A HEIC the converter cannot read. */
export const HeicFailed: Story = {
  render: withConverter(() => Promise.resolve({ heicTo: () => Promise.reject(new Error('HEIF image not found')) })),
  play: async ({ canvasElement }) => {
    const canvas = await pickInto(canvasElement, await heicFile());
    await expect(await canvas.findByRole('alert')).toHaveTextContent(localized("This photo couldn't be converted. Please try again or send a JPEG or PNG."));
  },
};
