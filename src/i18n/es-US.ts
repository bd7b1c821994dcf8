import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { toDate, type DateInput, type LocaleFormats } from './format';
import type { LocalePack } from './locale-types';
import { interpolatePlural } from './plural';
import type { MessageParams } from './core/translate';
import { appMessagesEs } from './es-US/app';
import { boardMessagesEs } from './es-US/board';
import { boardCardMessagesEs } from './es-US/board-card';
import { boardCardExtrasMessagesEs } from './es-US/board-card-extras';
import { boardQuickReplyMessagesEs } from './es-US/board-quick-reply';
import { boardFilterMessagesEs } from './es-US/board-filters';
import { boardBulkMessagesEs } from './es-US/board-bulk';
import { leadNotificationMessagesEs } from './es-US/lead-notifications';
import { commonMessagesEs } from './es-US/common';
import { funnelMessagesEs, funnelStepMessagesEs } from './es-US/funnel';
import { leadPageMessagesEs } from './es-US/lead-page';
import { leadSourceMessagesEs } from './es-US/lead-source';
import { reviewMessagesEs } from './es-US/review';
import { savedRepliesComposerMessagesEs, savedRepliesMessagesEs } from './es-US/saved-replies';
import { threadBodyMessagesEs, threadHeaderMessagesEs, threadHistoryMessagesEs } from './es-US/thread';
import { validationMessagesEs } from './es-US/validation';

/**
 * es-US: US Spanish, the usted form. One chunk, loaded only on a page that asks for Spanish
 * (i18n/locale.ts); never part of an en-US first load. The texts mirror the en-US parts
 * (src/i18n/es-US/*.ts); terms: a lead is a "cliente potencial", a pro a "profesional", a quote
 * a "cotización". Dates with date-fns and its `es` locale (CLDR's es-US patterns: day before
 * month, 'p.m.'), money and plurals with Intl.
 * @internal Exported for tests.
 */
export const esUSMessages = {
  ...commonMessagesEs,
  ...validationMessagesEs,
  ...leadPageMessagesEs,
  ...leadSourceMessagesEs,
  ...boardMessagesEs,
  ...boardCardMessagesEs,
  ...boardCardExtrasMessagesEs,
  ...boardQuickReplyMessagesEs,
  ...boardFilterMessagesEs,
  ...boardBulkMessagesEs,
  ...leadNotificationMessagesEs,
  ...threadHeaderMessagesEs,
  ...threadBodyMessagesEs,
  ...threadHistoryMessagesEs,
  ...savedRepliesComposerMessagesEs,
  ...savedRepliesMessagesEs,
  ...reviewMessagesEs,
  ...appMessagesEs,
  ...funnelMessagesEs,
  ...funnelStepMessagesEs,
} as const;

/** 'lunes, 1 de junio de 2020, 3:00 p.m.' (the message timestamp in es-US). */
const ES_MESSAGE_TIMESTAMP_FORMAT = "EEEE, d 'de' MMMM 'de' yyyy, h:mm aaaa";
/** '3:00 p.m.': the time part of the message timestamp (beside each bubble). */
const ES_MESSAGE_TIME_FORMAT = 'h:mm aaaa';
/** 'lunes, 1 de junio de 2020'. */
const ES_MESSAGE_DAY_FORMAT = "EEEE, d 'de' MMMM 'de' yyyy";
/** '01/06/2020' (day/month/year, as es-US reads numeric dates). */
const ES_BOARD_DATE_FORMAT = 'dd/MM/yyyy';
/** '1 jun 2020'. */
const ES_PICKER_DATE_FORMAT = 'd MMM yyyy';
/** '01/06/2020 3:00 p.m.'. */
const ES_LEAD_CREATED_FORMAT = 'dd/MM/yyyy h:mm aaaa';

const formatter = (pattern: string) => (input: DateInput | null | undefined) => {
  const date = toDate(input);
  return date ? format(date, pattern, { locale: es }) : '';
};

// Made once, when the chunk loads (an Intl object is costly to make).
const wholeDollars = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pluralRules = new Intl.PluralRules('es-US');

/** @internal Exported for tests. */
export const ES_US_FORMATS: LocaleFormats = {
  messageTimestamp: formatter(ES_MESSAGE_TIMESTAMP_FORMAT),
  messageTime: formatter(ES_MESSAGE_TIME_FORMAT),
  messageDay: formatter(ES_MESSAGE_DAY_FORMAT),
  boardDate: formatter(ES_BOARD_DATE_FORMAT),
  pickerDate: formatter(ES_PICKER_DATE_FORMAT),
  leadCreated: formatter(ES_LEAD_CREATED_FORMAT),
  fullDate: formatter(ES_MESSAGE_TIMESTAMP_FORMAT),
  pickerDates: { locale: es, boardPattern: ES_BOARD_DATE_FORMAT, pickerPattern: ES_PICKER_DATE_FORMAT, dayLabelPattern: ES_MESSAGE_DAY_FORMAT },
  price(dollars) {
    if (dollars == null || !Number.isFinite(dollars)) return '';
    const cents = Math.round(dollars * 100);
    return (cents % 100 === 0 ? wholeDollars : dollarsAndCents).format(cents / 100);
  },
};

export const esUSPack: LocalePack = {
  id: 'es-US',
  messages: esUSMessages,
  interpolate: (template: string, params?: MessageParams) => interpolatePlural(template, params, (count) => pluralRules.select(count)),
  format: ES_US_FORMATS,
};
