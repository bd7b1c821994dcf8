import type { ReactElement } from 'react';
import type { FaultController } from '@leadkit/sandbox';
import type { MessageCatalogue } from '../../src/i18n/en-US';
import { renderWidget } from './render-widget';

/**
 * The host's side of a 511 challenge in a widget's test (docs/gateway.md#511-challenge): its
 * `onChallenge`, for the gateway config, waits until the test calls `pass()` (a person passing the
 * host's check) and then passes it; `asked()` counts how often the host was asked.
 */
function hostChallenge() {
  let asked = 0;
  let pass: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => (pass = resolve));
  return {
    onChallenge: async () => {
      asked++;
      await passed;
      return true;
    },
    pass: () => pass(),
    asked: () => asked,
  };
}

/** One challenge on a sandbox route (`'GET /gateway/…/:id'`), met by the route's next request only: what follows is its replay. */
export function challengeOnce(faults: FaultController, route: string) {
  return faults.challenge({ route, times: 1 });
}

/**
 * `renderWidget` with the host's challenge (`host`) in its gateway config, and `route` met once by a
 * challenge from the widget's first request on (null: none yet, the test puts one with `challengeOnce`).
 */
export function renderChallenged(ui: ReactElement, catalogue: MessageCatalogue, route: string | null, options: Parameters<typeof renderWidget>[2] = {}) {
  const host = hostChallenge();
  const view = renderWidget(ui, catalogue, {
    ...options,
    gateway: { ...options.gateway, onChallenge: host.onChallenge },
    before: (sandbox) => {
      options.before?.(sandbox);
      if (route) challengeOnce(sandbox.faults, route);
    },
  });
  return { ...view, host };
}
