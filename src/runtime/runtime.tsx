import { createContext, useContext, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import type { ChatClientFactory } from '../chat/chat-client';
import type { HeicConverter } from '../chat/peer-defaults';
import type { GatewayClient } from '../gateway/core/client';
import { DEFAULT_APP_BASE } from '../domain/core/app-base';
import { resolveRoutes, type ResolvedRoutes } from '../domain/core/routes';
import { LINK } from '../domain/core/safe-url';
import { shownLink } from '../gateway/core/shown-link';
import type { LocaleFormats } from '../i18n/format';
import { EN_US_PACK } from '../i18n/locale';
import type { LocaleId, LocalePack } from '../i18n/locale-types';
import { createTranslator, type Translate } from '../i18n/core/translate';
import type { MessageCatalogue } from '../i18n/en-US';
import type { AnalyticsSink, Clock, HostProperties } from '../contract/host-properties';
import type { RuntimePropertyName } from './host-inputs';
import { emitLeadkitEvent } from './events';
import type { LeadkitEventMap, LeadkitEventName, NavigationKind } from '../contract/events';
import type { Flags } from '../contract/flags';

const NO_ANALYTICS: AnalyticsSink = { page: () => {}, track: () => {} };

/** The real clock: the default. */
const SYSTEM_CLOCK: Clock = () => new Date();

/** The safe wrapper of each host clock: one per clock, so a new runtime (another host input changed) keeps it and effects keyed on `now` do not run again. */
const safeClocks = new WeakMap<Clock, Clock>();

/**
 * A host's clock that never breaks a widget: a clock that throws or gives no valid date falls
 * back to the real one. Each call gives a fresh Date (a widget cannot change the host's). The
 * same host clock gives the same wrapper.
 */
function safeClock(clock: Clock | null | undefined): Clock {
  if (typeof clock !== 'function') return SYSTEM_CLOCK;
  const known = safeClocks.get(clock);
  if (known) return known;
  const safe: Clock = () => {
    try {
      const now: unknown = clock();
      if (now instanceof Date && !Number.isNaN(now.getTime())) return new Date(now.getTime());
    } catch {
      // The host's clock failed; the real one goes on.
    }
    return new Date();
  };
  safeClocks.set(clock, safe);
  return safe;
}

export interface LogInLink {
  readonly href: string;
  readonly label: string;
  onClick(event: MouseEvent<HTMLAnchorElement>): void;
}

/** Everything a widget needs from its host at run time. */
export interface WidgetRuntime {
  readonly client: GatewayClient;
  readonly t: Translate;
  /** The locale the widget shows (resolved from its `locale` attribute or the host's `lang`). */
  readonly locale: LocaleId;
  /** The locale's date and money formatters; null for en-US's built-in ones (read them with `useFormat`). */
  readonly localeFormats: LocaleFormats | null;
  readonly flags: Flags;
  readonly analytics: AnalyticsSink;
  /** The spec's routes, and the host's own pages only where the host gave them (a link to a missing one is not rendered). */
  readonly routes: ResolvedRoutes;
  /**
   * "Now" for everything a widget renders from the time (default: the real clock). Hosts, tests
   * and stories pin it to show time-dependent states (e.g. an expired masked number).
   */
  readonly now: Clock;
  /** The host's chat client factory (the `chat` property), or null: the message thread picks its default. */
  readonly chat: ChatClientFactory | null;
  /** The host's HEIC converter (the `heicConverter` property), or null: the thread's default (none from npm). */
  readonly heicConverter: HeicConverter | null;
  /**
   * The host's `savedReplies` property as it was set (null when unset): the message thread
   * cleans it (domain/saved-replies), so its rules stay out of every other widget's first load.
   */
  readonly savedReplies: unknown;
  /** The custom element the widget renders in (null in a React host without one). */
  readonly host: EventTarget | null;
  emit<K extends LeadkitEventName>(name: K, detail: LeadkitEventMap[K]): boolean;
  /**
   * For a link's click: fires the cancelable `lk-navigate`; when a host router cancels it, the
   * browser does not follow the link. Modified clicks (new tab) are left to the browser.
   */
  onLinkClick(event: MouseEvent<HTMLAnchorElement>, kind: NavigationKind): void;
  /**
   * The way on from a 401: 'Log in' to the host's log-in route (`routes.logIn`, back to this
   * page after), announced as `lk-navigate` kind 'log-in' so a host router can take it.
   * Undefined when the host gave no `logIn` route (its path is not in the spec), or its URL was refused.
   */
  logInLink(): LogInLink | undefined;
  /**
   * The same runtime with more catalogue parts (and the host's overrides of them): for parts of
   * a widget that load later and bring their own texts (see `withMessages`).
   */
  withMessages(part: MessageCatalogue): WidgetRuntime;
  /**
   * The same runtime with the default routes under another base (`<lead-app base="/office">`):
   * links between the app's widgets stay in the app. A host's own `routes` builders still win.
   */
  withAppBase(base: string): WidgetRuntime;
}

export type RuntimeInputs = {
  client: GatewayClient;
  /** The catalogue parts the widget shows (its element's), or all of `enUS`. */
  catalogue: MessageCatalogue;
  host?: EventTarget | null;
  /** Where the office app is mounted (default /app): the base of the default routes. */
  appBase?: string;
  /** The resolved locale's pack, loaded (default en-US). */
  localePack?: LocalePack;
} & { [K in RuntimePropertyName]?: HostProperties[K] | null };

/** A sink that never throws into a widget: a broken host callback must not break the UI. */
function safeAnalytics(sink: Partial<AnalyticsSink> | null | undefined): AnalyticsSink {
  if (!sink) return NO_ANALYTICS;
  const call = (fn: ((...args: never[]) => void) | undefined, ...args: unknown[]) => {
    try {
      (fn as ((...a: unknown[]) => void) | undefined)?.apply(sink, args);
    } catch {
      // Analytics failures are the host's; the widget goes on.
    }
  };
  return { page: (name, props) => call(sink.page, name, props), track: (event, props) => call(sink.track, event, props) };
}

export function createRuntime(inputs: RuntimeInputs): WidgetRuntime {
  const host = inputs.host ?? null;
  const localePack = inputs.localePack ?? EN_US_PACK;
  const emit = <K extends LeadkitEventName>(name: K, detail: LeadkitEventMap[K]) => emitLeadkitEvent(host, name, detail);
  const extended = new WeakMap<MessageCatalogue, WidgetRuntime>();
  const based = new Map<string, WidgetRuntime>();
  const runtime: WidgetRuntime = {
    client: inputs.client,
    t: createTranslator(inputs.catalogue, inputs.messages, localePack),
    locale: localePack.id,
    localeFormats: localePack.format,
    flags: inputs.flags ?? {},
    analytics: safeAnalytics(inputs.analytics),
    // Every URL a host's builder gives through the URL gate; a refusal is said as `routes.<name>`.
    routes: resolveRoutes(inputs.routes, inputs.appBase, (url, route) => shownLink(url, `\`routes.${route}\``, LINK, inputs.client.reportSetup)),
    now: safeClock(inputs.now),
    chat: typeof inputs.chat === 'function' ? (inputs.chat as ChatClientFactory) : null,
    heicConverter: typeof inputs.heicConverter === 'function' ? (inputs.heicConverter as HeicConverter) : null,
    savedReplies: inputs.savedReplies ?? null,
    host,
    emit,
    onLinkClick(event, kind) {
      const anchor = event.currentTarget;
      const newTab = anchor.target === '_blank' || event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1;
      const proceed = emit('lk-navigate', { url: anchor.href, kind, newTab });
      if (!proceed) event.preventDefault();
    },
    logInLink() {
      const logIn = runtime.routes.logIn;
      if (!logIn) return undefined;
      const here = typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}`;
      const href = logIn({ returnUrl: here });
      // A URL the gate refused: no 'Log in', as without the route.
      return href === null ? undefined : { href, label: runtime.t('action.logIn'), onClick: (event) => runtime.onLinkClick(event, 'log-in') };
    },
    withMessages(part) {
      let more = extended.get(part);
      if (!more) {
        more = createRuntime({ ...inputs, catalogue: { ...inputs.catalogue, ...part } });
        extended.set(part, more);
      }
      return more;
    },
    withAppBase(base) {
      if (base === (inputs.appBase ?? DEFAULT_APP_BASE)) return runtime;
      let moved = based.get(base);
      if (!moved) {
        moved = createRuntime({ ...inputs, appBase: base });
        based.set(base, moved);
      }
      return moved;
    },
  };
  return runtime;
}

const RuntimeContext = createContext<WidgetRuntime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: WidgetRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): WidgetRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('leadkit: a widget rendered outside its RuntimeProvider');
  return runtime;
}

/**
 * A lazily loaded part of a widget with its own catalogue part: the component renders with the
 * widget's runtime whose translator also knows `messages` (host overrides included), so the
 * part's texts stay out of the widget's first load.
 */
export function withMessages<P extends object>(Component: ComponentType<P>, messages: MessageCatalogue): ComponentType<P> {
  function WithMessages(props: P) {
    const runtime = useRuntime().withMessages(messages);
    return (
      <RuntimeProvider runtime={runtime}>
        <Component {...props} />
      </RuntimeProvider>
    );
  }
  WithMessages.displayName = `WithMessages(${Component.displayName ?? Component.name})`;
  return WithMessages;
}

export function useT(): Translate {
  return useRuntime().t;
}
