import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createGatewayClient, type GatewayClientConfig } from '../../src/gateway/core/client';
import type { GatewayAuth } from '../../src/gateway/core/auth';
import type { MessageCatalogue } from '../../src/i18n/en-US';
import { WidgetShell } from '../../src/runtime/widget-shell';
import type { HostInputs } from '../../src/runtime/host-inputs';
import { createSandboxGateway, type SandboxGateway, type SandboxGatewayOptions } from '@leadkit/sandbox';
import { holdingFetch } from './holding-fetch';
import { strictAnswers, type StrictRule } from './strict-answers';

/**
 * Renders a widget as an element would: its own store and runtime, talking to an in-process
 * sandbox gateway (no network). Returns the sandbox so tests can assert what it received.
 */
export function renderWidget(
  ui: ReactElement,
  catalogue: MessageCatalogue,
  options: {
    sandbox?: SandboxGatewayOptions;
    auth?: GatewayAuth;
    inputs?: Partial<HostInputs>;
    timeoutMs?: number;
    /** Requests whose URL matches wait until `release()` (a state that lasts as long as the test needs, on any machine). */
    hold?: RegExp;
    /** Answers reshaped the way a strict gateway sends them (204, `{}`, nulls…), after the sandbox's route ran (strict-answers.ts). */
    strict?: readonly StrictRule[];
    /** More of the host's gateway config (its `leadCounts`, `recordContact`, `onChallenge`…). */
    gateway?: Partial<Omit<GatewayClientConfig, 'baseURL' | 'fetch' | 'auth'>>;
    /** Set up on the sandbox before the widget's first request (its faults). */
    before?: (sandbox: SandboxGateway) => void;
  } = {},
) {
  // The sandbox's clock is the real one: its seed is relative to now, and the widgets judge
  // time-based rules (masked numbers, quick ranges) against the real clock too.
  const sandbox = createSandboxGateway({ ...options.sandbox });
  options.before?.(sandbox);
  const { fetch, release } = holdingFetch(options.strict ? strictAnswers(sandbox.fetch, options.strict) : sandbox.fetch, options.hold);
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch,
    auth: options.auth ?? { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...options.gateway,
  });
  const host = new EventTarget();
  const analytics = { page: vi.fn(), track: vi.fn() };
  const view = render(
    <WidgetShell owner={{}} host={host} catalogue={catalogue} inputs={{ gateway: client, analytics, ...options.inputs }}>
      {ui}
    </WidgetShell>,
  );
  /** Requests the sandbox received for a path pattern (method + path prefix or RegExp). */
  const received = (method: string, path: RegExp | string) =>
    sandbox.store.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path.startsWith(path) : path.test(r.path)));
  return { ...view, sandbox, client, host, analytics, received, release };
}
