import type { HostProperties, HostPropertyName } from './host-properties';
import type { HostAttributeProps, TagSpec } from './tags';

/**
 * THE gateway inputs (part of the contract, beside the tag table and the host properties): what an
 * element's gateway client is built from — the `gateway` and `auth` properties, the attributes a
 * page without JavaScript configures it with, the provider of `sp-id` and the tag's role. Named
 * here once; derived from it: the `GatewayInputs` type, the key of the client an element keeps
 * (runtime/widget-shell.ts), the element's setters (elements/element-class.tsx: a gateway input
 * set by the host drops the calls the CDN loader started), the runtime's properties (the others:
 * runtime/host-inputs.ts) and what `leadkit/react` hands a server render (src/react.tsx).
 */
const GATEWAY_INPUT = {
  role: true,
  gateway: true,
  auth: true,
  gatewayUrl: true,
  gatewayCredentials: true,
  authMode: true,
  spId: true,
  noLeadCounts: true,
  noContactRecord: true,
} as const;

/** Where each input's type comes from: the host properties, the attributes every tag understands, `sp-id`, the tag table. */
type InputSources = HostProperties & Required<HostAttributeProps> & { spId: number; role: TagSpec['role'] };

type GatewayInputName = keyof typeof GATEWAY_INPUT;

/** What an element's gateway client is built from (runtime/gateway-config.ts `elementClient`); absent or null: not given. */
export type GatewayInputs = { [K in GatewayInputName]?: InputSources[K] | null | undefined };

/** Every gateway input, in one order (the client's cache key). */
export const GATEWAY_INPUT_NAMES = Object.keys(GATEWAY_INPUT) as readonly GatewayInputName[];

export const isGatewayInput = (name: string): name is GatewayInputName => Object.hasOwn(GATEWAY_INPUT, name);

/** The host properties among the gateway inputs (`gateway`, `auth`): given as properties, never attributes. */
export type GatewayPropertyName = Extract<HostPropertyName, GatewayInputName>;

/** The gateway inputs among an element's props (parsed attributes and host properties), for a tag of `role`. */
export function gatewayInputsOf(props: Readonly<Record<string, unknown>>, role: TagSpec['role'] | undefined): GatewayInputs {
  const inputs: Record<string, unknown> = {};
  for (const name of GATEWAY_INPUT_NAMES) inputs[name] = props[name];
  inputs.role = role;
  return inputs as GatewayInputs;
}
