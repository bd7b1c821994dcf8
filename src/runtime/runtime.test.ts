import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../gateway/core/client';
import { createRuntime } from './runtime';

const client = createGatewayClient({
  baseURL: 'https://gw.test',
  auth: { kind: 'provider', spId: 1001 },
  fetch: (() => Promise.reject(new Error('no calls'))) as typeof fetch,
});
const runtimeWith = (now?: (() => Date) | null) => createRuntime({ client, catalogue: {}, now });

describe('runtime clock', () => {
  it('is the real clock by default', () => {
    const before = Date.now();
    const now = runtimeWith().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("reads the host's clock on every call, as a copy the widget cannot change", () => {
    let current = new Date('2025-06-11T15:30:00Z');
    const runtime = runtimeWith(() => current);
    const first = runtime.now();
    expect(first.toISOString()).toBe('2025-06-11T15:30:00.000Z');
    first.setFullYear(2000);
    expect(current.toISOString()).toBe('2025-06-11T15:30:00.000Z');
    current = new Date('2026-01-02T03:04:05Z');
    expect(runtime.now().toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('keeps one wrapper per host clock: a runtime made anew (another host input changed) has the same `now`, so effects keyed on it do not run again', () => {
    const hostClock = () => new Date('2025-06-11T15:30:00Z');
    const first = runtimeWith(hostClock);
    const again = createRuntime({ client, catalogue: { 'board.title': 'Other' }, now: hostClock, flags: { x: true } });
    expect(again.now).toBe(first.now);
    expect(runtimeWith(() => new Date('2025-06-11T15:30:00Z')).now).not.toBe(first.now);
  });

  it('falls back to the real clock when the host clock throws or gives no valid date', () => {
    const broken = [
      () => {
        throw new Error('host clock broke');
      },
      () => new Date('not a date'),
      () => 'yesterday' as unknown as Date,
    ];
    for (const clock of broken) {
      const before = Date.now();
      const now = runtimeWith(clock).now().getTime();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    }
  });
});
