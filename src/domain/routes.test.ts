import { describe, expect, it } from 'vitest';
import { defaultRoutes, resolveRoutes } from './routes';

describe('default routes follow the office app route table (§2)', () => {
  const routes = defaultRoutes();
  it('builds the lead page, board and thread URLs with their queries', () => {
    expect(routes.leadPage({ leadId: 5, serviceProviderId: 1001 })).toBe('/app/lead?leadId=5&serviceProviderId=1001');
    expect(routes.leadBoard({ serviceProviderId: 1001 })).toBe('/app/lead/board/1001');
    expect(routes.leadBoard({ serviceProviderId: 1001, leadId: 7, newMessages: true })).toBe('/app/lead/board/1001?leadId=7&newMessages=true');
    expect(routes.conversationThread({ serviceProviderId: 1001, userId: 9 })).toBe('/app/conversation/1001/thread/9');
    expect(routes.conversationThread({ serviceProviderId: 1001, userId: 9, leadId: 5 })).toBe('/app/conversation/1001/thread/9?leadId=5');
  });

  it('builds the four funnel routes', () => {
    expect(routes.funnelEntry({ withAlId: 44 })).toBe('/app/lead/request_a_quote?withAlId=44');
    expect(routes.funnelProject({ serviceProviderId: 1001 })).toBe('/app/lead/request_a_quote/1001/project');
    expect(routes.funnelSuggestions({ leadId: 3 })).toBe('/app/lead/request_a_quote/lead/3/suggestions');
    expect(routes.funnelSummary({ leadId: 3 })).toBe('/app/lead/request_a_quote/lead/3/summary');
  });

  it('takes a base path', () => {
    expect(defaultRoutes('/office').leadBoard({ serviceProviderId: 2 })).toBe('/office/lead/board/2');
  });

  it("logs in at the site's /login (not under the app's base), coming back to the page after", () => {
    expect(routes.logIn({ returnUrl: '/app/lead/board/1001?leadId=7' })).toBe('/login?returnUrl=%2Fapp%2Flead%2Fboard%2F1001%3FleadId%3D7');
    expect(defaultRoutes('/office').logIn({ returnUrl: '/office' })).toBe('/login?returnUrl=%2Foffice');
  });
});

describe('resolveRoutes', () => {
  it("uses a host's builder where given and the defaults elsewhere, ignoring non-functions", () => {
    const routes = resolveRoutes({ callLog: ({ serviceProviderId }) => `https://pro.example.com/calls/${serviceProviderId}`, leadPage: 'x' as never });
    expect(routes.callLog({ serviceProviderId: 1 })).toBe('https://pro.example.com/calls/1');
    expect(routes.leadPage({ leadId: 1, serviceProviderId: 2 })).toBe('/app/lead?leadId=1&serviceProviderId=2');
  });
});
