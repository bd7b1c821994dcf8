import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai/react';
import type { GatewayClient } from '../gateway/core/client';
import type { MessageCatalogue } from '../i18n/en-US';
import { loadedLocalePack, loadLocalePack, resolveLocale } from '../i18n/locale';
import type { LocaleId, LocalePack } from '../i18n/locale-types';
import { clientAtom } from './client-atom';
import type { StartedFirstCalls } from '../gateway/started-first-calls';
import { splitAnswers, type ServerAnswer } from '../gateway/server-answers';
import { giveFirstScreenValues } from './first-screen-values';
import { createElementReads, elementClient, type ElementReads } from './gateway-config';
import { GATEWAY_INPUT_NAMES, type GatewayInputs } from '../contract/gateway-inputs';
import { RUNTIME_PROPERTIES, type HostInputs } from './host-inputs';
import { createRuntime, RuntimeProvider } from './runtime';
import { setupReporter } from './setup-report';
import { storeFor, type WidgetStore } from './store';

interface CachedClient {
  key: readonly unknown[];
  client: GatewayClient;
}
const clients = new WeakMap<object, CachedClient>();
/** Each element's reads in flight (through its own client, or its view of a host's client). */
const elementReads = new WeakMap<object, ElementReads>();
/** Clients whose reads were cancelled: a widget that renders again takes a new one (and asks again). */
const retired = new WeakSet<GatewayClient>();

/**
 * The same client for the same inputs, across re-mounts (an element moved in the DOM) — and
 * before the first render: an element's `preload` may take it as it connects (runtime/widget.ts
 * `ElementStart`), and the shell then renders with that one.
 */
export function clientFor(
  owner: object,
  inputs: HostInputs & Pick<GatewayInputs, 'role'>,
  startedFirstCalls: StartedFirstCalls | undefined,
  answers: ServerAnswer[] | undefined,
): GatewayClient {
  const key = GATEWAY_INPUT_NAMES.map((name) => inputs[name]); // what elementClient reads
  const cached = clients.get(owner);
  if (cached && cached.key.every((part, i) => Object.is(part, key[i]))) return cached.client;
  // An element's own client sends nothing while the element is out of the document (an element
  // rendered in the document; a test's or a React host's owner that never was is left alone).
  const element = typeof Element !== 'undefined' && owner instanceof Element && owner.isConnected ? owner : null;
  let reads = element ? elementReads.get(element) : undefined;
  if (element && !reads) elementReads.set(element, (reads = createElementReads()));
  const client = elementClient(inputs, {
    startedFirstCalls,
    connected: element ? () => element.isConnected : undefined,
    reads,
    answers,
    report: setupReporter(owner),
  });
  clients.set(owner, { key, client });
  return client;
}

/**
 * The element left the document (its React tree is unmounted): its reads in flight are
 * cancelled — their answers would only hold the removed tree until they came, and use a phone's
 * connection meanwhile. Calls that change something run to their end. When a read was cancelled,
 * the element's next render (it came back) takes a new client, so its data is asked for again.
 */
export function abortElementReads(owner: object): void {
  if (!elementReads.get(owner)?.abortAll()) return;
  const cached = clients.get(owner);
  if (cached) retired.add(cached.client);
  clients.delete(owner);
}

/**
 * The pack of the locale a widget shows: at once when it is here (en-US always is), else null
 * until its chunk arrived (an element starts loading it when it connects). A chunk that failed
 * gives en-US for this widget.
 */
function useLocalePack(id: LocaleId): LocalePack | null {
  const [arrived, setArrived] = useState<{ id: LocaleId; pack: LocalePack } | null>(null);
  const here = loadedLocalePack(id) ?? (arrived?.id === id ? arrived.pack : undefined);
  useEffect(() => {
    if (here) return;
    let live = true;
    void loadLocalePack(id).then((pack) => {
      if (live) setArrived({ id, pack });
    });
    return () => {
      live = false;
    };
  }, [id, here]);
  return here ?? null;
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
  startedFirstCalls,
  answers,
  scope = null,
  role,
  children,
}: {
  owner: object;
  host: EventTarget | null;
  /** The texts the widget shows (its element's catalogue parts). */
  catalogue: MessageCatalogue;
  inputs: HostInputs;
  /** Calls the CDN loader sent for this element before its code arrived (gateway/started-first-calls.ts). */
  startedFirstCalls?: StartedFirstCalls | undefined;
  /** The gateway answers a server render put in the page (leadkit/server), taken once each. */
  answers?: ServerAnswer[] | undefined;
  /** Whose state the widget holds (a provider widget's provider): another starts afresh, its reads for the previous one cancelled. */
  scope?: unknown;
  /** Whom the widget works for (its tag's `role`): the gateway auth is resolved for it (gateway-config.ts `resolveAuth`). */
  role?: GatewayInputs['role'];
  children: ReactNode;
}) {
  const store: WidgetStore = storeFor(owner, scope, () => abortElementReads(owner));
  // The calls' answers go to the client; the first-screen values to the widget (runtime/first-screen-values.ts).
  const fromServer = answers ? splitAnswers(answers) : null;
  const client = clientFor(owner, { ...inputs, role }, startedFirstCalls, fromServer?.calls);
  if (fromServer) giveFirstScreenValues(store, fromServer.values);
  const current = store.get(clientAtom);
  // The first render, or back after its reads were cancelled (their atoms hold the aborts): the
  // new client before the widget reads anything, so every read is asked for again.
  if (current === null || retired.has(current)) store.set(clientAtom, client);
  useLayoutEffect(() => {
    if (store.get(clientAtom) !== client) store.set(clientAtom, client);
  }, [store, client]);
  // The runtime changes only when one of its inputs does (each host property but the two the
  // client is built from, which reach it as `client`).
  const runtimeValues = RUNTIME_PROPERTIES.map((name) => inputs[name]);
  // The locale: the `locale` input, else the host's closest `lang` (read at each render, so a
  // host that changes `lang` sees it at the widget's next render). A locale not yet loaded
  // renders nothing until its chunk arrived, so the first paint is in that language (the
  // element's reserved space holds meanwhile).
  const localePack = useLocalePack(resolveLocale(inputs.locale, host));
  const runtime = useMemo(
    () =>
      localePack &&
      createRuntime({ client, catalogue, host, localePack, ...Object.fromEntries(RUNTIME_PROPERTIES.map((name, i) => [name, runtimeValues[i]])) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is derived from HOST_PROPERTIES (one per runtime input)
    [client, host, catalogue, localePack, ...runtimeValues],
  );
  return <JotaiProvider store={store}>{runtime && <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>}</JotaiProvider>;
}
