import { describe, expect, it } from 'vitest';
import { createSandboxGateway } from './index';

/** The demo's store of saved replies: what a host page reads and writes under /sandbox. */
describe('/sandbox/saved-replies/:spId', () => {
  const put = (sandbox: ReturnType<typeof createSandboxGateway>, spId: string, body: unknown) =>
    sandbox.fetch(`/sandbox/saved-replies/${spId}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('is null until a list is stored; keeps the list per provider, cleaned by the domain rules; reset forgets it', async () => {
    const sandbox = createSandboxGateway();
    expect(await (await sandbox.fetch('/sandbox/saved-replies/1001')).json()).toEqual({ savedReplies: null });
    const stored = await put(sandbox, '1001', { savedReplies: [{ id: 'a', text: '  On my way.  ' }, { id: 'b', text: '' }, 'Plain text'] });
    expect(stored.status).toBe(200);
    const expected = {
      savedReplies: [
        { id: 'a', text: 'On my way.' },
        { id: 'reply-3', text: 'Plain text' },
      ],
    };
    expect(await stored.json()).toEqual(expected);
    expect(await (await sandbox.fetch('/sandbox/saved-replies/1001')).json()).toEqual(expected);
    expect(await (await sandbox.fetch('/sandbox/saved-replies/1002')).json()).toEqual({ savedReplies: null });
    sandbox.reset();
    expect(await (await sandbox.fetch('/sandbox/saved-replies/1001')).json()).toEqual({ savedReplies: null });
  });

  it('answers 400 to a body without a list and to a provider id that is not a number', async () => {
    const sandbox = createSandboxGateway();
    expect((await put(sandbox, '1001', { savedReplies: 'text' })).status).toBe(400);
    expect((await put(sandbox, '1001', {})).status).toBe(400);
    expect((await put(sandbox, 'abc', { savedReplies: [] })).status).toBe(400);
    expect(sandbox.store.savedReplies.size).toBe(0);
  });
});
