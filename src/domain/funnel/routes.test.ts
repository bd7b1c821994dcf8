import { describe, expect, it } from 'vitest';
import { funnelLocation, funnelPath, parseFunnelPath, type FunnelLocation } from './routes';

describe('funnel steps ↔ routes', () => {
  const cases: [string, FunnelLocation][] = [
    ['/app/lead/request_a_quote', { step: 'entry', withAlId: null }],
    ['/app/lead/request_a_quote?withAlId=2001', { step: 'entry', withAlId: 2001 }],
    ['/app/lead/request_a_quote/1001/project', { step: 'project', serviceProviderId: 1001 }],
    ['/app/lead/request_a_quote/lead/400001/suggestions', { step: 'suggestions', leadId: 400001 }],
    ['/app/lead/request_a_quote/lead/400001/summary', { step: 'summary', leadId: 400001 }],
  ];

  it.each(cases)('%s ↔ %o (deep links open the step; the step builds its route)', (path, location) => {
    expect(parseFunnelPath(path)).toEqual(location);
    expect(funnelPath(location)).toBe(path);
  });

  it('works under another base and ignores a trailing slash and other query keys', () => {
    expect(parseFunnelPath('/office/lead/request_a_quote/lead/7/summary/', '/office/')).toEqual({ step: 'summary', leadId: 7 });
    expect(funnelPath({ step: 'summary', leadId: 7 }, '/office')).toBe('/office/lead/request_a_quote/lead/7/summary');
    expect(parseFunnelPath('/app/lead/request_a_quote?utm=x&withAlId=abc')).toEqual({ step: 'entry', withAlId: null });
  });

  it('is not a funnel route otherwise', () => {
    for (const path of [
      '/app/lead',
      '/app/lead/board/1001',
      '/other/lead/request_a_quote',
      '/app/lead/request_a_quote/abc/project',
      '/app/lead/request_a_quote/lead/1/other',
      '/app/lead/request_a_quote/lead/-1/summary',
      '/app/lead/request_a_quote/1/2/project',
      '/app/lead/request_a_quote/lead/%E0%A4%A/summary',
    ]) {
      expect(parseFunnelPath(path), path).toBeNull();
    }
  });

  it('places the state on a route: a project without a provider and a lead step without a lead stay on the entry', () => {
    expect(funnelLocation({ step: 'project', serviceProviderId: 1001, leadId: null, withAlId: null })).toEqual({ step: 'project', serviceProviderId: 1001 });
    expect(funnelLocation({ step: 'project', serviceProviderId: null, leadId: null, withAlId: 2001 })).toEqual({ step: 'entry', withAlId: 2001 });
    expect(funnelLocation({ step: 'suggestions', serviceProviderId: 1001, leadId: 5, withAlId: null })).toEqual({ step: 'suggestions', leadId: 5 });
    expect(funnelLocation({ step: 'summary', serviceProviderId: null, leadId: null, withAlId: null })).toEqual({ step: 'entry', withAlId: null });
    expect(funnelLocation({ step: 'entry', serviceProviderId: 1001, leadId: null, withAlId: null })).toEqual({ step: 'entry', withAlId: null });
  });
});
