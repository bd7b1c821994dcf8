import type { boardQuickReplyMessages } from '../en-US/board-quick-reply';
import type { Translation } from './translation';

/** Spanish of en-US/board-quick-reply.ts. */
export const boardQuickReplyMessagesEs = {
  'quickReply.title': 'Respuesta rápida a {name}',
  'quickReply.choices': 'Respuestas guardadas',
  'quickReply.choose': 'Toque una respuesta para usarla, edítela si lo desea y luego toque Enviar.',
  'quickReply.noReplies': 'Aún no tiene respuestas guardadas: escriba su mensaje aquí. Puede guardar respuestas en la conversación.',
  'quickReply.message': 'Su mensaje',
  'quickReply.openConversation': 'Abrir conversación',
  'quickReply.keptOffline': 'No tiene conexión. Su mensaje se guarda y se envía cuando vuelva a estar en línea.',
} as const satisfies Translation<typeof boardQuickReplyMessages>;
