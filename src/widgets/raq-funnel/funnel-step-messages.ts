import { funnelStepMessages } from '../../i18n/en-US/funnel';
import { validationMessages } from '../../i18n/en-US/validation';

/** The texts of the project, suggestions and summary steps: they load with those steps. */
export const FUNNEL_STEP_CATALOGUE = { ...validationMessages, ...funnelStepMessages } as const;
