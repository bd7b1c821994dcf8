import { checkRequest } from './request-spec';
import { Id } from './shared-schemas';

/** The lead gateway's base path. */
export const LEAD_BASE = '/gateway/lead';

/** An id as a path segment of a lead-gateway call (checked: a whole positive number). */
export const leadPathId = (value: number) => encodeURIComponent(String(checkRequest('lead.path', Id, value)));

/** Whether a request's path (the gateway's own prefix and a query allowed) is the provider's view of a lead (`GET …/office/v2/leads/{leadId}`). */
export const isProviderLeadV2Path = (path: string): boolean => /\/gateway\/lead\/office\/v2\/leads\/[^/?]+$/.test(path.split('?')[0] ?? '');
