/**
 * Who is calling. Providers are authenticated by the host page's session (cookies); the
 * gateway also gets the caller type and the provider id as caller id. Customers (members)
 * use a one-time token, sent only as `Authorization: OneTime <token>`.
 */
export type GatewayAuth =
  | { readonly kind: 'provider'; readonly spId: number | string }
  | { readonly kind: 'oneTime'; readonly token: string }
  | { readonly kind: 'anonymous' };

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

/** A token-free description of the auth, safe for logs and errors. */
export function describeAuth(auth: GatewayAuth): string {
  return auth.kind === 'provider' ? `provider ${auth.spId}` : auth.kind;
}
