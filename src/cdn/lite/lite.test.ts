import { describe, expect, it } from 'vitest';
import * as ufo from 'ufo';
import realDestr from 'destr';
import destr from './destr';
import { withBase, withQuery } from './ufo';

/** The CDN build swaps ufo's withBase/withQuery and destr for these: they must answer as the real ones for what ofetch asks. */
describe('CDN stand-ins for ofetch dependencies', () => {
  it.each([
    ['/lead/v1/lead', '/gateway'],
    ['/lead/v1/lead', '/gateway/'],
    ['/gateway/lead/v1', '/gateway'],
    ['/gatewayx/lead', '/gateway'],
    ['/gateway?x=1', '/gateway'],
    ['lead/v1', 'https://api.example.com/gateway'],
    ['https://other.example.com/a', 'https://api.example.com/gateway'],
    ['/a', ''],
    ['/a', '/'],
    ['/a', undefined],
  ] as const)('withBase(%j, %j) is ufo’s', (input, base) => {
    expect(withBase(input, base)).toBe(ufo.withBase(input, base as string));
  });

  it.each([
    ['/leads', { a: '1', b: 2 }],
    ['/leads?a=0&keep=yes', { a: '1' }],
    ['/leads?drop=1', { drop: undefined }],
    ['/leads', { ids: [1, 2, 3] }],
    ['/leads#top', { q: 'x' }],
  ] as const)('withQuery(%j, %j) is ufo’s', (input, query) => {
    expect(new URL(withQuery(input, query), 'http://h').searchParams.toString()).toBe(new URL(ufo.withQuery(input, query), 'http://h').searchParams.toString());
    expect(withQuery(input, query).split('?')[0]!.split('#')[0]).toBe(ufo.withQuery(input, query).split('?')[0]!.split('#')[0]);
  });

  it.each(['{"a":1,"b":[true,null]}', '"text"', 'plain text', '', '42', 'true', 'null', '[1,2]'])('destr(%j) is destr’s', (value) => {
    expect(destr(value)).toEqual(realDestr(value));
  });

  it('drops prototype keys from a response body, as destr does', () => {
    const parsed = destr<Record<string, unknown>>('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"ok":1}');
    expect(parsed).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('passes non-strings through', () => {
    const body = { a: 1 };
    expect(destr(body)).toBe(body);
  });
});
