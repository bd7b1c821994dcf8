import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { json, recordingFetch } from '../../test/helpers/recording-fetch';
import { createGatewayClient } from './core/client';
import { isGatewayError } from './core/errors';
import { clientTakingAnswers, type ServerAnswer } from './server-answers';

const Lead = v.object({ leadId: v.number() });
const answer = (path: string, status: number, text: string): ServerAnswer => ({
  method: 'GET',
  path,
  body: null,
  status,
  contentType: 'application/json',
  text,
});

/** A host's own client, as a page gives it in the `gateway` property. */
function hostClient() {
  const recorder = recordingFetch((request) => json(200, { leadId: Number(/leads\/(\d+)/.exec(request.url)?.[1]) }));
  const client = createGatewayClient({
    baseURL: 'https://gw.test',
    auth: { kind: 'provider', spId: 1001 },
    headers: { 'x-host-session': 's1' },
    fetch: recorder.fetch,
  });
  return { client, requests: recorder.requests };
}

const getLead = (client: ReturnType<typeof hostClient>['client'], leadId: number) =>
  client.request({ operation: 'test.lead', method: 'GET', path: `/gateway/lead/office/v2/leads/${leadId}`, query: { spId: 1001 }, response: Lead });

describe('clientTakingAnswers: a host’s ready client hydrating a server render', () => {
  it('answers the server’s call from the page once; other calls, and that call again, go through the host’s client', async () => {
    const host = hostClient();
    const answers = [answer('/gateway/lead/office/v2/leads/300002?spId=1001', 200, '{"leadId":300002,"fromPage":true}')];
    const client = clientTakingAnswers(host.client, answers);
    expect(await getLead(client, 300002)).toEqual({ leadId: 300002 });
    expect(host.requests).toEqual([]);
    expect(answers).toEqual([]);
    expect(await getLead(client, 300002)).toEqual({ leadId: 300002 });
    expect(await getLead(client, 300003)).toEqual({ leadId: 300003 });
    expect(host.requests.map((request) => [request.url, request.headers['x-host-session']])).toEqual([
      ['https://gw.test/gateway/lead/office/v2/leads/300002?spId=1001', 's1'],
      ['https://gw.test/gateway/lead/office/v2/leads/300003?spId=1001', 's1'],
    ]);
  });

  it('gives an answered error as the gateway error it was, without asking the host’s client', async () => {
    const host = hostClient();
    const client = clientTakingAnswers(host.client, [answer('/gateway/lead/office/v2/leads/300002?spId=1001', 403, '{"message":"Forbidden"}')]);
    const error = await getLead(client, 300002).catch((caught: unknown) => caught);
    expect(isGatewayError(error) && error.status).toBe(403);
    expect(host.requests).toEqual([]);
  });

  it('keeps the host client’s auth, base URL and replay queue', () => {
    const host = hostClient();
    const client = clientTakingAnswers(host.client, []);
    expect(client.auth).toEqual({ kind: 'provider', spId: 1001 });
    expect(client.baseURL).toBe('https://gw.test');
    expect(client.replayQueue).toBe(host.client.replayQueue);
  });
});
