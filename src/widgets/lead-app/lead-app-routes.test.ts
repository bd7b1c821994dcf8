import { describe, expect, it } from 'vitest';
import { checkAppBase } from './lead-app-paths';

describe('checkAppBase: <lead-app base> is a path on the page’s origin', () => {
  it('takes a path from the root, without its trailing slash; none is the default', () => {
    expect(checkAppBase(undefined)).toEqual({ url: '/app' });
    expect(checkAppBase('')).toEqual({ url: '/app' });
    expect(checkAppBase('/office/')).toEqual({ url: '/office' });
    expect(checkAppBase('/')).toEqual({ url: '' });
    expect(checkAppBase('/my office')).toEqual({ url: '/my%20office' });
  });

  it.each([
    ['javascript:window.__ran=1//', 'not a path from the site’s root'],
    ['office', 'not a path from the site’s root'],
    ['//evil.example', 'http://evil.example'],
    ['/\\evil.example', 'http://evil.example'],
    ['/\t/evil.example', 'a control character'],
    ['/%5Cevil.example', 'a path that may read as //host'],
    ['/office?x=1', 'a path with a query or fragment'],
  ])('refuses %j (%s)', (base, refused) => {
    expect(checkAppBase(base)).toEqual({ refused });
  });
});
