import { describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway/core/errors';
import { createTranslator } from '../i18n/core/translate';
import { enUS } from '../i18n/en-US';
import { errorPanel } from './error-panel';

/** A runtime's part the panel reads: the catalogue, a host with a log-in page, a gateway base URL. */
const runtime = {
  t: createTranslator(enUS),
  logInLink: () => ({ href: '/login?returnUrl=%2F', label: 'Log in', onClick: () => {} }),
  client: { baseURL: 'https://gateway.example' },
} as unknown as Parameters<typeof errorPanel>[0];

const http = (status: number) => new GatewayError({ kind: 'http', status, operation: 'lead.get' });
const retry = () => {};

describe('errorPanel: every widget says a gateway failure the same way', () => {
  it("offers 'Try again' after a server error, with the catalogue's title and text", () => {
    const panel = errorPanel(runtime, http(500), { onRetry: retry });
    expect(panel).toMatchObject({ title: 'Internal Server Error', detail: 'Our services are down at the moment. Please try again later.' });
    expect(panel.retry).toEqual({ label: 'Try again', onClick: retry });
    expect(panel.link).toBeUndefined();
  });

  it("offers no 'Try again' after a 403 or a 404: asking again would not help", () => {
    expect(errorPanel(runtime, http(403), { onRetry: retry }).retry).toBeUndefined();
    expect(errorPanel(runtime, http(404), { onRetry: retry }).retry).toBeUndefined();
  });

  it("offers 'Log in' after a 401, unless the widget's user has no log-in page", () => {
    const panel = errorPanel(runtime, http(401), { onRetry: retry });
    expect(panel).toMatchObject({ title: 'Unauthorized', link: { label: 'Log in' } });
    expect(panel.retry).toBeUndefined();
    expect(errorPanel(runtime, http(401), { logIn: false }).link).toBeUndefined();
  });

  it("after no answer: 'Try again' (and none without a way to ask again)", () => {
    const network = new GatewayError({ kind: 'network', operation: 'lead.get' });
    expect(errorPanel(runtime, network, { onRetry: retry })).toMatchObject({ detail: 'We could not reach the server. Check your connection and try again.' });
    expect(errorPanel(runtime, network, { onRetry: retry }).retry).toBeDefined();
    expect(errorPanel(runtime, network).retry).toBeUndefined();
  });

  it("after a gateway challenge: what it needs, its security check's link (on the gateway's origin) and 'Try again'", () => {
    const challenge = new GatewayError({
      kind: 'challenge',
      status: 511,
      operation: 'lead.get',
      body: { error: 'challenge_required', challengeId: 'c1', challengeUrl: '/challenge/c1' },
    });
    const panel = errorPanel(runtime, challenge, { onRetry: retry });
    expect(panel).toMatchObject({ title: 'Security check needed', detail: 'Please complete the security check, then try again.' });
    expect(panel.challenge).toEqual({ href: 'https://gateway.example/challenge/c1', label: 'Open the security check' });
    expect(panel.retry).toBeDefined();
  });

  it("takes a widget's own texts (a null title shows none) and a host's own message over the catalogue's", () => {
    expect(errorPanel(runtime, http(500), { texts: { title: null, detail: 'Sorry.' } })).toEqual({ detail: 'Sorry.' });
    expect(errorPanel(runtime, http(500), { customMessage: 'Ask your office.' })).toMatchObject({ title: 'Internal Server Error', detail: 'Ask your office.' });
  });
});
