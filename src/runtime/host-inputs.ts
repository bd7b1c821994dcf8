import { HOST_ATTRIBUTES, type HostAttributeProps, type LeadkitTag, type TagAttributeProps } from '../contract/tags';
import { HOST_PROPERTIES, type HostProperties, type HostPropertyName } from '../contract/host-properties';
import { isGatewayInput, type GatewayPropertyName } from '../contract/gateway-inputs';

/** The host properties the runtime takes as they are (the gateway client is built from the others: contract/gateway-inputs.ts). */
export type RuntimePropertyName = Exclude<HostPropertyName, GatewayPropertyName>;
export const RUNTIME_PROPERTIES = HOST_PROPERTIES.filter((name): name is RuntimePropertyName => !isGatewayInput(name));

type Nullable<T> = { [K in keyof T]?: T[K] | null };

/**
 * What the widget shell receives: the host properties as set (a host may set anything, or null
 * to clear), the attributes every tag understands (contract/tags.ts `HOST_ATTRIBUTES`: the
 * gateway's URL, the auth mode, the locale) and `sp-id`, the provider auth when no `auth` is set.
 */
export type HostInputs = Nullable<Pick<HostProperties, HostPropertyName>> &
  Nullable<HostAttributeProps> &
  Nullable<Pick<TagAttributeProps<LeadkitTag>, 'spId'>>;

/** Every name of `HostInputs`, from the tables: what an element hands its widget shell. */
export const HOST_INPUT_NAMES: readonly (keyof HostInputs)[] = [...(Object.keys(HOST_ATTRIBUTES) as (keyof HostAttributeProps)[]), 'spId', ...HOST_PROPERTIES];
