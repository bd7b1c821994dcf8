import { describe, expect, it } from 'vitest';
import { ChatError, isRetryableChatError } from './chat-client';

describe('isRetryableChatError: when the thread offers Try again', () => {
  it('unavailable, no answer, unreadable or 408/429/5xx; not denied, not found, no SDK, another identity', () => {
    const chat = (kind: ChatError['kind'], status: number | null = null) => new ChatError({ kind, status, operation: 'chat.open' });
    expect([chat('unavailable'), chat('network'), chat('invalid-response'), chat('rejected', 503), chat('rejected', 429)].map(isRetryableChatError)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      [chat('denied', 401), chat('not-found'), chat('sdk-missing'), chat('identity-mismatch'), chat('rejected', 400), chat('closed')].map(isRetryableChatError),
    ).toEqual([false, false, false, false, false, false]);
  });
});
