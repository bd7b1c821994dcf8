import type { ChatClientFactory } from '../chat/chat-client';
import type { HeicConverter } from '../chat/peer-defaults';
import type { GatewayAuth } from '../gateway/core/auth';
import type { RouteBuilders } from '../domain/core/routes';
import type { SavedReply } from '../domain/saved-replies';
import type { GatewayClient, GatewayClientConfig } from '../gateway/core/client';
import type { Flags } from './flags';

// The contract's host-property table (React-free, below everything that uses it: the runtime,
// the gateway config, the elements, the React components, the manifest). The types a host's
// properties are made of live here too, so nothing here imports them back.

/** What a host may pass as the `gateway` property: a ready client or the config for one. */
export type GatewayInput = GatewayClient | Omit<GatewayClientConfig, 'auth'>;

/** Values an analytics sink may receive: page names, ids and states — never customer data. */
export type AnalyticsProps = Readonly<Record<string, string | number | boolean | null>>;

export interface AnalyticsSink {
  page(name: string, props?: AnalyticsProps): void;
  track(event: string, props?: AnalyticsProps): void;
}

/** Where a widget reads "now" (masked-number validity, "today" in date filters…). */
export type Clock = () => Date;

/**
 * THE table of what a host gives every widget as JS properties (objects keep their methods and
 * identity; never attributes). The element setters, the widget shell's inputs, the runtime's
 * inputs, the React props and the element types all derive from it.
 */
export interface HostProperties {
  /** Gateway client, or its config (`{ baseURL, fetch?, headers?, onChallenge? }`). */
  gateway: GatewayInput;
  /** `{ kind: 'provider', spId, token? }`, `{ kind: 'oneTime', token }` or `{ kind: 'anonymous' }` (a client of the host's own, e.g. the funnel before its token); a token is never an attribute. */
  auth: GatewayAuth;
  /** Overrides of catalogue texts by key. */
  messages: Readonly<Record<string, string>>;
  /** Feature flags by name; unknown flags are off. */
  flags: Flags;
  /** `{ page, track }`; never given customer data. */
  analytics: Partial<AnalyticsSink>;
  /** URL builders for links that leave a widget (call log, office inbox, insurer…). */
  routes: Partial<RouteBuilders>;
  /** "Now" for what a widget renders from the time (masked-number validity, "today"); default the real clock. */
  now: Clock;
  /** Chat client factory for the message thread (`createTwilioChatClientFactory()` from `leadkit/twilio`, the sandbox's, or your own). */
  chat: ChatClientFactory;
  /** The message thread's converter for iPhone (HEIC) photos: `heicConverter` from `leadkit/heic`. A clone's own CDN build (dist/cdn) has it built in; the `@leadkit/cdn` package leaves its 3 MB chunk out. */
  heicConverter: HeicConverter;
  /**
   * The pro's saved replies for the message thread's composer (`{ id, text }[]`; plain strings are
   * taken too). Unset: the catalogue's defaults. The thread fires `lk-saved-replies-change` with
   * the new list when the pro adds or removes one: store it and set it back here.
   */
  savedReplies: readonly SavedReply[];
}

export type HostPropertyName = keyof HostProperties;

// Each name once; the mapped type makes the compiler reject a missing or unknown one.
const PROPERTY_NAMES: { readonly [K in HostPropertyName]-?: true } = {
  gateway: true,
  auth: true,
  messages: true,
  flags: true,
  analytics: true,
  routes: true,
  now: true,
  chat: true,
  heicConverter: true,
  savedReplies: true,
};

/** Every host property, for setters and loops. */
export const HOST_PROPERTIES = Object.keys(PROPERTY_NAMES) as readonly HostPropertyName[];
