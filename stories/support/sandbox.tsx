import { createContext, useContext, type ReactNode } from 'react';
import { createSandboxGateway, MAIN_PROVIDER_ID, type FaultController, type RouteMatcher, type SandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient, type GatewayClient } from '../../src/gateway/core/client';

/**
 * The sandbox gateway behind every story: one seeded, in-process instance per story render
 * (created by the global loader in .storybook/preview.tsx; no network), with the faults of
 * the toolbar's "Fault" global and of the story's `parameters.sandbox` applied.
 */

/** Any origin reaches the in-process app; this one only reads well in request logs. */
export const SANDBOX_BASE_URL = 'http://sandbox.test';
/** A fixed clock: seed dates (and so the 24 h / 3-buyer rules) are the same in every run. */
export const SANDBOX_NOW = '2025-06-11T15:30:00Z';
export const SANDBOX_PROVIDER_ID = MAIN_PROVIDER_ID;

interface FaultScope {
  /** A route pattern (see packages/sandbox/src/faults.ts); every gateway route without one. */
  route?: RouteMatcher;
  /** How many matching requests it applies to; unlimited without. */
  times?: number;
}

/** One fault, as a story pins it in `parameters.sandbox.fault`. */
export type FaultSpec =
  | (FaultScope & { status: number; body?: unknown; retryAfter?: number })
  | (FaultScope & { latency: number })
  | (FaultScope & { drop: true })
  | (FaultScope & { challenge: true })
  | (FaultScope & { captivePortal: true });

/** `parameters.sandbox` of a story (or of a whole file's meta). */
export interface SandboxParameters {
  fault?: FaultSpec | readonly FaultSpec[];
  /** The sandbox clock; default SANDBOX_NOW. */
  now?: string;
  /** The provider the stories' gateway client acts for; default 1001. */
  spId?: number;
}

/** The toolbar's scenarios (global `fault`), each applied to every gateway route. */
// Keys are not numbers: Storybook reads `?globals=fault:http500` from the URL, and "500" would
// come back as a number.
export const FAULT_SCENARIOS = {
  none: { title: 'No fault', faults: [] },
  slow: { title: 'Slow (3 s latency)', faults: [{ latency: 3000 }] },
  http500: { title: '500 Internal Server Error', faults: [{ status: 500 }] },
  http401: { title: '401 Unauthorized', faults: [{ status: 401 }] },
  http403: { title: '403 Forbidden', faults: [{ status: 403 }] },
  challenge511: { title: '511 challenge (gateway JSON)', faults: [{ challenge: true }] },
  dropped: { title: 'Dropped response (no answer)', faults: [{ drop: true }] },
} as const satisfies Record<string, { title: string; faults: readonly FaultSpec[] }>;

export type FaultScenario = keyof typeof FAULT_SCENARIOS;

export function isFaultScenario(value: unknown): value is FaultScenario {
  return typeof value === 'string' && Object.hasOwn(FAULT_SCENARIOS, value);
}

export interface StorySandbox {
  /** The sandbox itself: `faults`, `store.requests` (what the server received), `reset()`. */
  readonly gateway: SandboxGateway;
  /** A provider client for `sandbox.spId`, talking to the sandbox in-process (no retries). */
  readonly client: GatewayClient;
  /** The client's config without auth, for an element's `gateway` property (auth from sp-id). */
  readonly config: { baseURL: string; fetch: typeof fetch; retry: { retries: number } };
  readonly spId: number;
  /** The sandbox's clock (`parameters.sandbox.now`, default SANDBOX_NOW): an element's `now` on it sees the seed as the server does. */
  readonly now: Date;
  /** The toolbar scenario this sandbox was made with. */
  readonly scenario: FaultScenario;
}

export function applyFault(faults: FaultController, spec: FaultSpec): void {
  const scope = { route: spec.route, times: spec.times };
  if ('status' in spec) faults.status(spec.status, spec.body, { ...scope, retryAfter: spec.retryAfter });
  else if ('latency' in spec) faults.latency(spec.latency, scope);
  else if ('drop' in spec) faults.drop(scope);
  else if ('challenge' in spec) faults.challenge(scope);
  else faults.captivePortal511(scope);
}

const asList = (fault: SandboxParameters['fault']): readonly FaultSpec[] => (fault === undefined ? [] : Array.isArray(fault) ? fault : [fault as FaultSpec]);

/**
 * The calls to the stories' sandbox gateways on their way, for the visual snapshots
 * (test/visual/suite.ts): a page counts as settled once none is (a count fetched again after a
 * change lands after the play function ends). On `globalThis.__leadkitStoryGateway`.
 */
const GATEWAY_ACTIVITY: { inFlight: number } = ((globalThis as { __leadkitStoryGateway?: { inFlight: number } }).__leadkitStoryGateway ??= {
  inFlight: 0,
});

/**
 * A fresh sandbox. The story's own faults go in first: the first terminal fault added wins
 * (packages/sandbox/src/faults.ts), so a story pinned to an error keeps its error whatever the toolbar
 * says; latencies add up.
 */
export function createStorySandbox(scenario: unknown, parameters: SandboxParameters = {}): StorySandbox {
  const now = new Date(parameters.now ?? SANDBOX_NOW);
  const gateway = createSandboxGateway({ now: () => now });
  const chosen: FaultScenario = isFaultScenario(scenario) ? scenario : 'none';
  for (const spec of [...asList(parameters.fault), ...FAULT_SCENARIOS[chosen].faults]) applyFault(gateway.faults, spec);
  const spId = parameters.spId ?? SANDBOX_PROVIDER_ID;
  const counted: typeof fetch = (...args) => {
    GATEWAY_ACTIVITY.inFlight++;
    return (gateway.fetch as typeof fetch)(...args).finally(() => GATEWAY_ACTIVITY.inFlight--);
  };
  const config = { baseURL: SANDBOX_BASE_URL, fetch: counted, retry: { retries: 0 } };
  const client = createGatewayClient({ ...config, auth: { kind: 'provider', spId } });
  return { gateway, client, config, spId, now, scenario: chosen };
}

/** The sandbox a story render was loaded with (`context.loaded.sandbox`). */
export function sandboxOf(context: { loaded: Record<string, unknown> }): StorySandbox {
  const sandbox = context.loaded.sandbox as StorySandbox | undefined;
  if (!sandbox) throw new Error('stories: no sandbox in context.loaded (is the global loader of .storybook/preview.tsx missing?)');
  return sandbox;
}

const SandboxContext = createContext<StorySandbox | null>(null);

export function SandboxProvider({ sandbox, children }: { sandbox: StorySandbox; children: ReactNode }) {
  return <SandboxContext.Provider value={sandbox}>{children}</SandboxContext.Provider>;
}

export function useSandbox(): StorySandbox {
  const sandbox = useContext(SandboxContext);
  if (!sandbox) throw new Error('stories: useSandbox() outside the global sandbox decorator');
  return sandbox;
}
