/**
 * Who is calling. Providers are signed in by the host page's session (its cookies: the default)
 * or by a token of the host's sign-in (`token`: sent as `Authorization: Bearer <token>`, the
 * name and scheme configurable — docs/gateway.md#provider-sign-in); the gateway also gets the
 * caller type and the provider id as caller id. Customers (members) use a one-time token, sent
 * only as `Authorization: OneTime <token>`.
 */
export type GatewayAuth =
  | { readonly kind: 'provider'; readonly spId: number | string; readonly token?: ProviderToken | undefined }
  | { readonly kind: 'oneTime'; readonly token: string }
  | { readonly kind: 'anonymous' };

/** When the client asks a token function: `initial` (it holds none for it yet), `refresh` (the gateway answered 401 to the last one). */
interface ProviderTokenContext {
  readonly reason: 'initial' | 'refresh';
  /** Aborted when the client stops waiting (the call's time limit). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * A provider's token: the text itself, or a function the client asks for it — once, then again
 * only after a 401 (`reason: 'refresh'`; concurrent 401s share one refresh). What it throws is a
 * 401 of the call ('Log in').
 */
export type ProviderToken = string | ((context: ProviderTokenContext) => string | Promise<string>);

export type CallerType = 'ServiceProvider' | 'Member';

export function callerType(auth: GatewayAuth): CallerType {
  return auth.kind === 'provider' ? 'ServiceProvider' : 'Member';
}

/**
 * How a call uses the one-time token: `required` calls are customer calls that need it,
 * `optional` calls send it when the client has one, `none` never sends it.
 */
export type OneTimeUse = 'required' | 'optional' | 'none';

export function authorizationHeader(auth: GatewayAuth, use: OneTimeUse): string | null {
  if (use === 'none' || auth.kind !== 'oneTime') return null;
  return `OneTime ${auth.token}`;
}

/** The provider's token source, if the auth has one (a non-empty string or a function). */
export function providerTokenOf(auth: GatewayAuth): ProviderToken | null {
  if (auth.kind !== 'provider' || auth.token === undefined) return null;
  return typeof auth.token === 'function' || (typeof auth.token === 'string' && auth.token !== '') ? auth.token : null;
}
