import { commonMessages } from '../../i18n/core/en-US-common';
import { __camel__Messages } from '../../i18n/en-US/__name__';

/** The texts of the widget's first screen (its element's catalogue). */
export const __CONST___CATALOGUE = { ...commonMessages, ...__camel__Messages } as const;
