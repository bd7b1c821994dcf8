import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createGatewayClient } from '../../../gateway/core/client';
import { WidgetShell } from '../../../runtime/widget-shell';
import { Composer, type ComposerSend } from './thread-composer';
import { THREAD_BODY_CATALOGUE } from '../body/thread-body-messages';

// The photo pipeline's chunk never arrives (the connection dropped when the pro picked a photo).
vi.mock('./photo-pick-part', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

describe('<Composer> when the photo pipeline cannot be loaded', () => {
  it('says the default file text and attaches nothing; the text box still works', async () => {
    const sends: ComposerSend[] = [];
    const client = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: () => Promise.reject(new Error('no calls')),
      auth: { kind: 'provider', spId: 1001 },
    });
    const view = render(
      <WidgetShell owner={{}} host={new EventTarget()} catalogue={THREAD_BODY_CATALOGUE} inputs={{ gateway: client }}>
        <Composer status="ready" onSend={(send) => void sends.push(send)} />
      </WidgetShell>,
    );
    const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xd9])], 'photo.jpg', { type: 'image/jpeg' })] } });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Error with loading file');
    expect(screen.queryByText('photo.jpg')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Write a message...' }) as HTMLTextAreaElement).disabled).toBe(false);
  });
});
