import { commonMessages } from '../../i18n/core/en-US-common';
import { funnelMessages } from '../../i18n/en-US/funnel';

/**
 * The texts of the funnel's first screen (its element's catalogue): the frame, the entry step,
 * the error lines. The later steps bring theirs (`FUNNEL_STEP_CATALOGUE`, with `withMessages`).
 */
export const RAQ_FUNNEL_CATALOGUE = { ...commonMessages, ...funnelMessages } as const;
