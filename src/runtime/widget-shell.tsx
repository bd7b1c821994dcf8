import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai/react';
import type { GatewayAuth } from '../gateway/auth';
import type { GatewayClient } from '../gateway/client';
import type { RouteBuilders } from '../domain/routes';
import type { MessageCatalogue } from '../i18n/en-US';
import { clientAtom } from './client-atom';
import { resolveGatewayClient, type GatewayInput } from './gateway-config';
import { createRuntime, RuntimeProvider, type AnalyticsSink, type Clock, type Flags } from './runtime';
import { storeFor, type WidgetStore } from './store';

/** The inputs every widget takes from its host (element properties/attributes or React props). */
export interface HostInputs {
  gateway?: GatewayInput | null;
  gatewayUrl?: string | null;
  auth?: GatewayAuth | null;
  authMode?: string | null;
  spId?: number | null;
  messages?: Readonly<Record<string, unknown>> | null;
  locale?: string | null;
  flags?: Flags | null;
  analytics?: Partial<AnalyticsSink> | null;
  routes?: Partial<RouteBuilders> | null;
  /** "Now" for what the widget renders from the time; default the real clock. */
  now?: Clock | null;
  /** Chat client factory for the message thread (see src/chat). */
  chat?: unknown;
}

interface CachedClient {
  key: readonly unknown[];
  client: GatewayClient;
}
const clients = new WeakMap<object, CachedClient>();

/** The same client for the same inputs, across re-mounts (an element moved in the DOM). */
function clientFor(owner: object, inputs: HostInputs): GatewayClient {
  const key = [inputs.gateway, inputs.gatewayUrl, inputs.auth, inputs.authMode, inputs.spId] as const;
  const cached = clients.get(owner);
  if (cached && cached.key.every((part, i) => Object.is(part, key[i]))) return cached.client;
  const client = resolveGatewayClient(inputs);
  clients.set(owner, { key, client });
  return client;
}

/**
 * Provides a widget's store and runtime. `owner` keys the per-instance store: the custom
 * element for tags, a stable object for React hosts.
 */
export function WidgetShell({
  owner,
  host,
  catalogue,
  inputs,
  children,
}: {
  owner: object;
  host: EventTarget | null;
  /** The texts the widget shows (its element's catalogue parts). */
  catalogue: MessageCatalogue;
  inputs: HostInputs;
  children: ReactNode;
}) {
  const store: WidgetStore = storeFor(owner);
  const client = clientFor(owner, inputs);
  if (store.get(clientAtom) === null) store.set(clientAtom, client);
  useLayoutEffect(() => {
    if (store.get(clientAtom) !== client) store.set(clientAtom, client);
  }, [store, client]);
  const runtime = useMemo(
    () =>
      createRuntime({
        client,
        catalogue,
        host,
        messages: inputs.messages,
        locale: inputs.locale,
        flags: inputs.flags,
        analytics: inputs.analytics,
        routes: inputs.routes,
        now: inputs.now,
        chat: inputs.chat,
      }),
    [client, host, catalogue, inputs.messages, inputs.locale, inputs.flags, inputs.analytics, inputs.routes, inputs.now, inputs.chat],
  );
  return (
    <JotaiProvider store={store}>
      <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>
    </JotaiProvider>
  );
}
