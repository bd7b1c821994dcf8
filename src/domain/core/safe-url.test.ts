import { describe, expect, it } from 'vitest';
import { checkLink, checkMediaUrl, HTTPS_LINK, LINK, mailtoHref, mapsHref, PAGE_PATH, safeHref } from './safe-url';

const PAGE = 'https://pro.example.com/office/leads.html';

describe('checkLink: the one URL gate', () => {
  it('keeps https, tel and mailto links as the URL parser writes them', () => {
    expect(checkLink('https://insure.example.com/quote?x=1', LINK, PAGE)).toEqual({ url: 'https://insure.example.com/quote?x=1' });
    expect(checkLink('HTTPS://Insure.Example.com', LINK, PAGE)).toEqual({ url: 'https://insure.example.com/' });
    expect(checkLink('tel:+15555550100', LINK, PAGE)).toEqual({ url: 'tel:+15555550100' });
    expect(checkLink(' mailto:ann@example.com ', LINK, PAGE)).toEqual({ url: 'mailto:ann@example.com' });
  });

  it('keeps a path that stays on the page’s origin, as the path the browser goes to', () => {
    expect(checkLink('/app/lead/board/1001?leadId=5#card', LINK, PAGE)).toEqual({ url: '/app/lead/board/1001?leadId=5#card' });
    // Relative to the page, as the browser resolves it; dot segments gone.
    expect(checkLink('calls.html?x=1', LINK, PAGE)).toEqual({ url: '/office/calls.html?x=1' });
    expect(checkLink('/app/../calls', LINK, PAGE)).toEqual({ url: '/calls' });
    // An absolute URL on the page's own origin is that path (also over http: on an http page).
    expect(checkLink('http://localhost:3000/log-in?back=%2Fapp', LINK, 'http://localhost:3000/')).toEqual({ url: '/log-in?back=%2Fapp' });
    expect(checkLink('https://pro.example.com/calls', LINK, PAGE)).toEqual({ url: 'https://pro.example.com/calls' });
  });

  it.each([
    ['/\\evil.example/c', 'https://evil.example'],
    ['/\t/evil.example/c', 'a control character'],
    ['/\n/evil.example/c', 'a control character'],
    ['\\\\evil.example', 'https://evil.example'],
    ['//evil.example', 'https://evil.example'],
    ['/%5Cevil.example/c', 'a path that may read as //host'],
    ['/%5cevil.example/c', 'a path that may read as //host'],
    ['/%255Cevil.example/c', 'a path that may read as //host'],
    ['/%09/evil.example/c', 'a path that may read as //host'],
    ['/%2F%2Fevil.example/c', 'a path that may read as //host'],
    ['/.//evil.example/c', 'a path that may read as //host'],
    ['javascript:alert(1)', 'javascript:'],
    ['JaVaScRiPt:alert(1)', 'javascript:'],
    [' javascript:alert(1)', 'javascript:'],
    ['\tjavascript:alert(1)', 'a control character'],
    ['java\tscript:alert(1)', 'a control character'],
    ['java\nscript:alert(1)', 'a control character'],
    ['javascript:alert(1)\u0000', 'a control character'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    ['blob:https://pro.example.com/5c1e', 'blob:'],
    ['http://plain.example.com/x', 'http://plain.example.com'],
    ['https://[oops/x', 'a URL that does not parse'],
    ['   ', 'an empty URL'],
  ])('refuses %j, naming %j (never the value)', (value, refused) => {
    expect(checkLink(value, LINK, PAGE)).toEqual({ refused });
    expect(safeHref(value, LINK, PAGE)).toBeNull();
  });

  it('takes only what the use takes: the insurer’s link https only, a mount point a path only', () => {
    expect(checkLink('https://insure.example.com', HTTPS_LINK, PAGE)).toEqual({ url: 'https://insure.example.com/' });
    expect(checkLink('/quote', HTTPS_LINK, PAGE)).toEqual({ refused: 'https://pro.example.com' });
    expect(checkLink('mailto:a@b.co', HTTPS_LINK, PAGE)).toEqual({ refused: 'mailto:' });
    expect(checkLink('http://insure.example.com', HTTPS_LINK, PAGE)).toEqual({ refused: 'http://insure.example.com' });
    expect(checkLink('/office', PAGE_PATH, PAGE)).toEqual({ url: '/office' });
    expect(checkLink('https://other.example.com/office', PAGE_PATH, PAGE)).toEqual({ refused: 'https://other.example.com' });
    expect(checkLink('tel:+15555550100', PAGE_PATH, PAGE)).toEqual({ refused: 'tel:' });
  });

  it('checks a path against the page’s own origin, and takes none on a page without one', () => {
    // A <base> on another origin does not make its paths the page's.
    expect(checkLink('/x', LINK, 'https://cdn.example.net/', 'https://pro.example.com')).toEqual({ refused: 'https://cdn.example.net' });
    expect(checkLink('/x', LINK, 'about:blank', 'null')).toEqual({ refused: 'http://page.invalid' });
    // No page (a server render): a path is checked as on any origin.
    expect(checkLink('/app/lead', LINK)).toEqual({ url: '/app/lead' });
    expect(checkLink('/\\evil.example', LINK)).toEqual({ refused: 'http://evil.example' });
  });
});

describe('safeHref', () => {
  it('is the gate’s URL or null, quietly null for no URL', () => {
    expect(safeHref('tel:+15555550100')).toBe('tel:+15555550100');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(null)).toBeNull();
    expect(safeHref('')).toBeNull();
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
    for (const url of ['https://media.example.net/p/1.jpg?sig=abc', `blob:${page}/5c1e`, '/media/1.jpg']) {
      expect(checkMediaUrl(url, base, page)).toEqual({ url });
    }
    // On the page's origin: the path the browser goes to.
    expect(checkMediaUrl(`${page}/media/1.jpg`, base, page)).toEqual({ url: '/media/1.jpg' });
    expect(checkMediaUrl('media/1.jpg', base, page)).toEqual({ url: '/pro/media/1.jpg' });
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
