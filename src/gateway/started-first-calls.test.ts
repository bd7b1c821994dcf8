import { describe, expect, it } from 'vitest';
import { keepsStartedFirstCalls } from './started-first-calls';

/** Which host `gateway` values still take the calls the CDN loader sent early (the same gateway, the same calls). */
describe('keepsStartedFirstCalls', () => {
  const onChallenge = () => true;

  it('keeps them with no gateway, or a config that only adds an onChallenge for the base the loader used', () => {
    expect(keepsStartedFirstCalls(undefined, undefined)).toBe(true);
    expect(keepsStartedFirstCalls({ baseURL: '', onChallenge }, undefined)).toBe(true);
    expect(keepsStartedFirstCalls({ onChallenge }, undefined)).toBe(true);
    expect(keepsStartedFirstCalls({ baseURL: 'https://gw.example.com/', onChallenge }, 'https://gw.example.com/')).toBe(true);
  });

  it('drops them for another base, a transport of its own, or a ready client', () => {
    expect(keepsStartedFirstCalls({ baseURL: 'https://other.example.com', onChallenge }, undefined)).toBe(false);
    expect(keepsStartedFirstCalls({ baseURL: '', onChallenge }, 'https://gw.example.com/')).toBe(false);
    expect(keepsStartedFirstCalls({ baseURL: '', fetch: globalThis.fetch }, undefined)).toBe(false);
    expect(keepsStartedFirstCalls({ baseURL: '', headers: { 'x-site': '1' } }, undefined)).toBe(false);
    expect(keepsStartedFirstCalls({ baseURL: '', credentials: 'include' }, undefined)).toBe(false);
    expect(keepsStartedFirstCalls({ baseURL: '', onChallenge: 'yes' }, undefined)).toBe(false);
    expect(keepsStartedFirstCalls(new (class Client {})(), undefined)).toBe(false);
  });
});
