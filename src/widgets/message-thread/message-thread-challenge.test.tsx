import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { createSandboxChatClientFactory } from '../../chat/sandbox-chat-client';
import { renderChallenged } from '../../../test/helpers/host-challenge';
import { MessageThreadRoot } from './message-thread';
import { MESSAGE_THREAD_CATALOGUE } from './message-thread-messages';

/**
 * The thread's read and write held by a 511 challenge (docs/gateway.md#511-challenge): replayed once
 * after the host's check, the answer shown. (A message sent into a challenge: message-thread.test.tsx.)
 */
const ACTIVITIES = '/gateway/message-center/v2/interactions/activities';
const THREAD_READ = '/gateway/message-center/v1/messages/thread/read';

afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
});

function renderThread(challengedRoute: string) {
  return renderChallenged(<MessageThreadRoot spId={1001} userId={5001} leadId={SANDBOX_LEADS.newest} />, MESSAGE_THREAD_CATALOGUE, challengedRoute, {
    inputs: { chat: createSandboxChatClientFactory({ reconnectDelaysMs: [5] }) },
  });
}

describe('<MessageThreadRoot> and a 511 challenge', () => {
  it("the customer's message activities held by a challenge: asked once more after the check, and 'Message History' is offered", async () => {
    const { host, received } = renderThread(`GET ${ACTIVITIES}`);
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(received('GET', ACTIVITIES).map((request) => request.status)).toEqual([511]);
    expect(screen.queryByRole('link', { name: 'Message History' })).toBeNull();
    host.pass();
    expect(await screen.findByRole('link', { name: 'Message History' })).toBeTruthy();
    expect(received('GET', ACTIVITIES).map((request) => request.status)).toEqual([511, 200]);
  });

  it('the thread marked read, held by a challenge: sent once more after the check, and the thread is read', async () => {
    const { host, received, sandbox } = renderThread(`PUT ${THREAD_READ}`);
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(true);
    host.pass();
    await waitFor(() => expect(received('PUT', THREAD_READ).map((request) => request.status)).toEqual([511, 200]));
    expect(received('PUT', THREAD_READ)[1]?.body).toEqual({ serviceProviderId: 1001, userId: 5001, read: true });
    expect(sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(false);
  });
});
