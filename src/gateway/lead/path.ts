import { checkRequest } from '../client';
import { Id } from '../shared-schemas';

/** The lead gateway's base path (spec §7). */
export const LEAD_BASE = '/gateway/lead';

/** An id as a path segment of a lead-gateway call (checked: a whole positive number). */
export const leadPathId = (value: number) => encodeURIComponent(String(checkRequest('lead.path', Id, value)));
