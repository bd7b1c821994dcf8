import { describe, expect, it } from 'vitest';
import { checkMediaUrl, mailtoHref, mapsHref, safeHref } from './safe-url';

describe('safeHref', () => {
  it('keeps https, tel and mailto links', () => {
    expect(safeHref('https://insure.example.com/quote?x=1')).toBe('https://insure.example.com/quote?x=1');
    expect(safeHref('tel:+15555550100')).toBe('tel:+15555550100');
    expect(safeHref('mailto:ann@example.com')).toBe('mailto:ann@example.com');
  });

  it('refuses javascript:, data:, http: and protocol-relative links', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('http://plain.example.com')).toBeNull();
    expect(safeHref('//evil.example.com')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it("allows a relative path on the host's own site", () => {
    expect(safeHref('/app/lead/board/1001')).toBe('/app/lead/board/1001');
  });
});

describe('mailtoHref and mapsHref', () => {
  it('builds a mailto link only for an address', () => {
    expect(mailtoHref(' ann@example.com ')).toBe('mailto:ann@example.com');
    expect(mailtoHref('ann@example.com?bcc=x@y.z')).toBeNull();
    // Header injection: '?' and '=' are legal in a local part, so the address is
    // kept whole, encoded — the link has no header.
    const injected = mailtoHref('a?cc=victim@evil.com');
    expect(injected).toBe('mailto:a%3Fcc%3Dvictim@evil.com');
    expect(new URL(injected!).search).toBe('');
    expect(safeHref(injected)).toBe(injected);
    expect(mailtoHref('a&body=hi#x@evil.com')).toBe('mailto:a%26body%3Dhi%23x@evil.com');
    expect(mailtoHref('jo.smith+leads@example.com')).toBe('mailto:jo.smith%2Bleads@example.com');
    expect(mailtoHref('not an address')).toBeNull();
    expect(mailtoHref('x@y')).toBeNull();
    expect(mailtoHref('')).toBeNull();
  });

  it('builds a maps search link from the non-empty parts, encoded', () => {
    expect(mapsHref(['12 Elm St', null, 'Denver', 'CO', '80202'])).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Denver%2C%20CO%2C%2080202',
    );
    expect(mapsHref([null, ' '])).toBeNull();
  });
});

describe('checkMediaUrl', () => {
  const page = 'http://shop.example.com';
  const base = `${page}/pro/inbox.html`;

  it('loads https:, blob: and the page’s own origin (a path, or http: on it)', () => {
    for (const url of ['https://media.example.net/p/1.jpg?sig=abc', `blob:${page}/5c1e`, '/media/1.jpg', `${page}/media/1.jpg`]) {
      expect(checkMediaUrl(url, base, page)).toEqual({ url });
    }
  });

  it('refuses http: elsewhere, protocol-relative URLs and other schemes, naming the origin or the scheme only', () => {
    expect(checkMediaUrl('http://photos.example.org:8080/customer/ann-lee/kitchen.jpg?token=secret', base, page)).toEqual({
      refused: 'http://photos.example.org:8080',
    });
    expect(checkMediaUrl('//cdn.example.org/a.jpg', base, page)).toEqual({ refused: 'http://cdn.example.org' });
    expect(checkMediaUrl('data:image/png;base64,iVBORw0KGgo=', base, page)).toEqual({ refused: 'data:' });
    expect(checkMediaUrl('javascript:alert(1)', base, page)).toEqual({ refused: 'javascript:' });
    expect(checkMediaUrl('http://[oops/1.jpg', base, page)).toEqual({ refused: 'a URL that does not parse' });
    // A page without an origin (about:blank) has no own origin to load from over http:.
    expect(checkMediaUrl('http://shop.example.com/1.jpg', 'about:blank', 'null')).toEqual({ refused: 'http://shop.example.com' });
  });
});
