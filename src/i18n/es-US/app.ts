import type { appMessages } from '../en-US/app';
import type { Translation } from './translation';

/** Spanish of en-US/app.ts. */
export const appMessagesEs = {
  'notFound.title': 'Página no encontrada',
  'notFound.detail': '¡Uy! Disculpe las molestias: parece que no se encontró el contenido que solicitó.',
  'notFound.toLeads': 'Ir a sus clientes potenciales',
} as const satisfies Translation<typeof appMessages>;
