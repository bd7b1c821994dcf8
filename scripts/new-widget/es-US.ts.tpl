import type { __camel__Messages } from '../en-US/__name__';
import type { Translation } from './translation';

/** Spanish of en-US/__name__.ts. */
export const __camel__MessagesEs = {
  '__camel__.title': '__TITLE_ES__',
  '__camel__.body': '__BODY_ES__',
  '__camel__.show': 'Mostrar detalles',
  '__camel__.hide': 'Ocultar detalles',
} as const satisfies Translation<typeof __camel__Messages>;
