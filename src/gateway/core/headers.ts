import { callerType, type GatewayAuth } from './auth';

/**
 * The headers of every request to the gateway: their names (leadkit's defaults, a host's own)
 * and the one builder of them, `gatewayHeaders` (docs/gateway-assumptions.md rows T1, T2).
 */

/** The library's own version, sent as the application version header. */
export const LEADKIT_VERSION = '0.3.0';

/**
 * Header names (defaults). The spec names the headers, not their spelling: these are ours, in one
 * place. A host whose gateway spells them otherwise gives its names in the gateway config
 * (`headerNames`). `Authorization` (the spec's, for the one-time token) is not renamed; the
 * provider's token goes under `headerNames.providerToken` (default `Authorization` too: a call
 * never carries both).
 */
export const HEADERS = {
  proxyVersion: 'X-Proxy-Version',
  requestId: 'X-Request-Id',
  sourceApplication: 'X-Source-Application',
  applicationVersion: 'X-Application-Version',
  callerType: 'X-Caller-Type',
  callerId: 'X-Caller-Id',
  idempotencyKey: 'Idempotency-Key',
  authorization: 'Authorization',
} as const;

/** The headers whose names a host may change (`GatewayClientConfig.headerNames`). */
export type HeaderName = Exclude<keyof typeof HEADERS, 'authorization'>;
/**
 * The provider token's header and scheme by default: `Authorization: Bearer <token>`
 * (`headerNames.providerToken`, `providerTokenScheme`; docs/gateway.md#provider-sign-in).
 */
const PROVIDER_TOKEN = { header: 'Authorization', scheme: 'Bearer' } as const;
export type HeaderNames = Readonly<Partial<Record<HeaderName | 'providerToken', string>>>;

/**
 * What of a gateway config shapes the headers of every request: the header names and values
 * beyond the spec's (docs/gateway-assumptions.md). `gatewayHeaders` builds them from it.
 */
export interface GatewayHeaderConfig {
  /**
   * The gateway's names for leadkit's headers; each one left out keeps its name in `HEADERS`.
   * `providerToken`: the header of the provider's token (`auth.token`; default `Authorization`).
   */
  headerNames?: HeaderNames;
  /**
   * The scheme before the provider's token in its header (default `Bearer`; `''`: the token
   * alone, for a gateway reading e.g. `X-Session-Token: <token>`).
   */
  providerTokenScheme?: string;
  /**
   * Extra headers on every request (never put a token here: use `auth`). A name leadkit sends
   * itself (the configured names, `Authorization`, `accept`; in any case) is dropped.
   */
  headers?: Readonly<Record<string, string>>;
  sourceApplication?: string;
  applicationVersion?: string;
}

/** What one request adds to the config's headers. */
export interface GatewayHeaderCall {
  readonly auth: GatewayAuth;
  /** The caller id header (none when undefined). */
  readonly callerId?: string | number | undefined;
  /** The `Authorization` header's value (none when null or undefined). */
  readonly authorization?: string | null | undefined;
  /** The provider's token (sent under `headerNames.providerToken`, with the config's scheme; none when null or undefined). */
  readonly providerToken?: string | null | undefined;
  readonly idempotencyKey?: string | undefined;
}

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The header names in use: the defaults with the host's, checked (a bad or repeated name is a host's mistake: thrown). */
export function headerNamesOf(config: Pick<GatewayHeaderConfig, 'headerNames'>): Readonly<Record<HeaderName | 'providerToken', string>> {
  const { authorization: _authorization, ...defaults } = HEADERS;
  const names: Record<HeaderName | 'providerToken', string> = { ...defaults, providerToken: PROVIDER_TOKEN.header };
  for (const [key, name] of Object.entries(config.headerNames ?? {}) as [HeaderName | 'providerToken', string | undefined][]) {
    if (!(key in names)) throw new TypeError(`gateway headerNames: ${key} is not a header leadkit sends`);
    if (name === undefined) continue;
    if (typeof name !== 'string' || !HEADER_TOKEN.test(name)) throw new TypeError(`gateway headerNames.${key} is not a header name`);
    names[key] = name;
  }
  // The provider's token may share `Authorization` with the one-time token (never both in a call).
  const { providerToken, ...others } = names;
  const taken = [
    ...Object.values(others),
    HEADERS.authorization,
    'accept',
    ...(providerToken.toLowerCase() === HEADERS.authorization.toLowerCase() ? [] : [providerToken]),
  ].map((name) => name.toLowerCase());
  if (new Set(taken).size !== taken.length) throw new TypeError('gateway headerNames: two headers share a name');
  return names;
}

/**
 * The headers of one request to the gateway, the one builder of them (the client's requests, and
 * through the client whatever else talks to the gateway: the sandbox chat adapter): proxy version,
 * a new request id, source application and version, caller type, caller id, `Authorization`,
 * idempotency key — under the config's names — and the host's extra `headers`, which never
 * replace one of them whatever their spelling.
 */
export function gatewayHeaders(config: GatewayHeaderConfig, call: GatewayHeaderCall): Record<string, string> {
  const names = headerNamesOf(config);
  const reserved = new Set([...Object.values(names), HEADERS.authorization, 'accept'].map((name) => name.toLowerCase()));
  const scheme = config.providerTokenScheme ?? PROVIDER_TOKEN.scheme;
  if (/[\s,]/.test(scheme)) throw new TypeError('gateway providerTokenScheme is not a scheme');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    if (!reserved.has(name.toLowerCase())) headers[name] = value;
  }
  Object.assign(headers, {
    [names.proxyVersion]: '1',
    [names.requestId]: globalThis.crypto.randomUUID(),
    [names.sourceApplication]: config.sourceApplication ?? 'leadkit',
    [names.applicationVersion]: config.applicationVersion ?? LEADKIT_VERSION,
    [names.callerType]: callerType(call.auth),
    accept: 'application/json',
  });
  if (call.callerId !== undefined) headers[names.callerId] = String(call.callerId);
  if (call.authorization) headers[HEADERS.authorization] = call.authorization;
  if (call.providerToken) headers[names.providerToken] = scheme ? `${scheme} ${call.providerToken}` : call.providerToken;
  if (call.idempotencyKey) headers[names.idempotencyKey] = call.idempotencyKey;
  return headers;
}
