import { describe, expect, it } from 'vitest';
import { defaultRoutes, isMessageHistory, resolveRoutes, type RouteGate } from './routes';

describe('default routes follow the office app route table', () => {
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

  it("builds 'Message History' as the thread's route with archived=true, which isMessageHistory reads back (RT6)", () => {
    const history = routes.messageHistory({ serviceProviderId: 1001, userId: 9, leadId: 5 });
    expect(history).toBe('/app/conversation/1001/thread/9?leadId=5&archived=true');
    expect(isMessageHistory(new URL(history, 'https://pro.example').searchParams)).toBe(true);
    expect(isMessageHistory(new URLSearchParams('leadId=5'))).toBe(false);
  });

  it('has no route to a page the spec does not locate (call log, office inbox, connected numbers, service area, services, log-in)', () => {
    for (const name of ['officeInbox', 'callLog', 'connectedNumbers', 'editServiceArea', 'servicesOffered', 'logIn']) {
      expect(name in routes).toBe(false);
      expect(name in resolveRoutes({ leadPage: () => '/lead' })).toBe(false);
    }
  });
});

describe('resolveRoutes', () => {
  it("uses a host's builder where given and the defaults elsewhere, ignoring non-functions", () => {
    const routes = resolveRoutes({
      callLog: ({ serviceProviderId }) => `https://pro.example.com/calls/${serviceProviderId}`,
      leadPage: 'x' as never,
      logIn: 'y' as never,
    });
    expect(routes.callLog?.({ serviceProviderId: 1 })).toBe('https://pro.example.com/calls/1');
    expect(routes.logIn).toBeUndefined();
    expect(routes.leadPage({ leadId: 1, serviceProviderId: 2 })).toBe('/app/lead?leadId=1&serviceProviderId=2');
  });
});

describe('resolveRoutes: every URL a host builder gives goes through the URL gate', () => {
  it('falls back to the default for a refused spec route, gives null for a refused host page', () => {
    const refused: string[] = [];
    const gate: RouteGate = (url, route) => {
      if (url.startsWith('/')) return url;
      refused.push(route);
      return null;
    };
    const routes = resolveRoutes(
      {
        leadBoard: () => 'javascript:alert(1)',
        leadPage: ({ leadId }) => `/office/lead/${leadId}`,
        callLog: () => 'JaVaScRiPt:alert(1)',
        logIn: ({ returnUrl }) => `/login?back=${encodeURIComponent(returnUrl)}`,
        officeInbox: (() => 42) as never,
      },
      '/app',
      gate,
    );
    expect(routes.leadBoard({ serviceProviderId: 1001 })).toBe('/app/lead/board/1001');
    expect(routes.leadPage({ leadId: 5, serviceProviderId: 1001 })).toBe('/office/lead/5');
    expect(routes.callLog?.({ serviceProviderId: 1001 })).toBeNull();
    expect(routes.logIn?.({ returnUrl: '/app' })).toBe('/login?back=%2Fapp');
    // Not a string: refused without asking the gate.
    expect(routes.officeInbox?.({ serviceProviderId: 1001, userId: 9 })).toBeNull();
    expect(refused).toEqual(['leadBoard', 'callLog']);
  });

  it('without a gate of its own, takes links as the URL gate does (no page)', () => {
    const routes = resolveRoutes({ leadBoard: () => '/\\evil.example/c', callLog: () => 'https://pro.example.com/calls', logIn: () => '//evil.example' });
    expect(routes.leadBoard({ serviceProviderId: 2 })).toBe('/app/lead/board/2');
    expect(routes.callLog?.({ serviceProviderId: 2 })).toBe('https://pro.example.com/calls');
    expect(routes.logIn?.({ returnUrl: '/' })).toBeNull();
  });
});
