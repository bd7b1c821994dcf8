import { HOST_ATTRIBUTES, type HostAttributeProps, type LeadkitTag, type TagAttributeProps } from '../contract/tags';
import { HOST_PROPERTIES, type HostProperties, type HostPropertyName } from '../contract/host-properties';

/** The host properties the runtime takes as they are (the gateway client is built from the other two). */
export type RuntimePropertyName = Exclude<HostPropertyName, 'gateway' | 'auth'>;
export const RUNTIME_PROPERTIES = HOST_PROPERTIES.filter((name): name is RuntimePropertyName => name !== 'gateway' && name !== 'auth');

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
