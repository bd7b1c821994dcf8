import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/core/translate';
import { enUS } from '../../i18n/en-US';
import { describeGatewayError, GatewayError, isRetryableError } from './errors';

const t = createTranslator(enUS);
const http = (status: number) => new GatewayError({ kind: 'http', status, operation: 'lead.getProviderLeadV2' });
const shown = (error: unknown, custom?: string) => {
  const d = describeGatewayError(error, custom);
  return { title: d.titleKey ? t(d.titleKey) : null, detail: d.customMessage ?? t(d.detailKey) };
};

describe('describeGatewayError: the error catalogue', () => {
  it.each([
    [400, 'Bad Request', /error processing.*refresh the page and try again/i],
    [401, 'Unauthorized', /not logged in.*log in/i],
    [403, 'Forbidden', /do not have access to view this content/i],
    [408, 'Request Timeout', /try again soon/i],
    [429, 'Locked', /account is locked.*try again later or reset your password/i],
    [500, 'Internal Server Error', /services are down/i],
    [502, 'Bad Gateway', /.+/],
    [503, 'Service Unavailable', /.+/],
    [504, 'Gateway Timeout', /refresh the page and try again/i],
  ])('maps %i to %s', (status, title, detail) => {
    const { title: shownTitle, detail: shownDetail } = shown(http(status));
    expect(shownTitle).toBe(title);
    expect(shownDetail).toMatch(detail);
  });

  it.each([404, 409, 418, 505, 511])('maps any other status (%i) to the not-found apology', (status) => {
    expect(shown(http(status)).detail).toBe('Oops! We apologize for the inconvenience, it appears the content you requested was not found.');
  });

  it("says a gateway challenge (a JSON 511 the host's check has not passed) needs the security check, not the apology", () => {
    // (A captive portal's 511, an HTML page, is no challenge: the apology above.)
    expect(shown(new GatewayError({ kind: 'challenge', status: 511, operation: 'lead.getProviderLeadV2' }))).toEqual({
      title: 'Security check needed',
      detail: 'Please complete the security check, then try again.',
    });
  });

  it('lets a custom message win over the status text, keeping the status title', () => {
    expect(shown(http(500), 'This lead could not be loaded.')).toEqual({
      title: 'Internal Server Error',
      detail: 'This lead could not be loaded.',
    });
  });

  it('treats a client-side timeout as 408 and a network failure as its own message', () => {
    expect(shown(new GatewayError({ kind: 'timeout', operation: 'x' })).title).toBe('Request Timeout');
    expect(shown(new GatewayError({ kind: 'network', operation: 'x' })).detail).toMatch(/could not reach the server/);
  });

  it('describes a non-gateway error with the generic text', () => {
    expect(describeGatewayError(new Error('x')).status).toBeNull();
    // No title above the apology: it would only repeat its 'Oops!'.
    expect(shown(new Error('x'))).toEqual({
      title: null,
      detail: 'Oops! We apologize for the inconvenience, it appears the content you requested was not found.',
    });
  });
});

describe('isRetryableError: when an error state offers Try again', () => {
  const of = (kind: GatewayError['kind'], status: number | null = null) => new GatewayError({ kind, status, operation: 'office.getLeads' });
  it('after no answer, an unreadable answer, a passing status or a challenge (passed or not: asking again goes through or asks again)', () => {
    for (const error of [
      of('network'),
      of('timeout'),
      of('invalid-response', 200),
      of('challenge', 511),
      http(408),
      http(429),
      http(500),
      http(503),
      new Error('unexpected'),
    ]) {
      expect(isRetryableError(error), error.message).toBe(true);
    }
  });
  it('not after a refusal, an abort or a bad request of our own', () => {
    for (const error of [http(400), http(401), http(403), http(404), http(409), of('aborted'), of('invalid-request')]) {
      expect(isRetryableError(error), error.message).toBe(false);
    }
  });
});
