import type { savedRepliesComposerMessages } from '../en-US/thread';
import type { savedRepliesMessages } from '../en-US/saved-replies';
import type { Translation } from './translation';

/** Spanish of en-US/thread.ts (the composer's 'Saved replies' button). */
export const savedRepliesComposerMessagesEs = {
  'thread.savedReplies.button': 'Respuestas guardadas',
} as const satisfies Translation<typeof savedRepliesComposerMessages>;

/** Spanish of en-US/saved-replies.ts (the menu and the `/` suggestions). */
export const savedRepliesMessagesEs = {
  'thread.savedReplies.default1': '¡Gracias por comunicarse! ¿Cuándo sería un buen momento para pasar a echar un vistazo?',
  'thread.savedReplies.default2': 'Puedo pasar el jueves por la mañana. ¿Le parece bien?',
  'thread.savedReplies.default3': '¿Podría enviarme una foto del problema? Así llevo las piezas correctas.',
  'thread.savedReplies.default4': 'Voy en camino y debería llegar en unos 30 minutos.',
  'thread.savedReplies.default5': '¡Gracias por elegirnos! Avíseme si necesita algo más.',
  'thread.savedReplies.empty': 'Aún no tiene respuestas guardadas. Escriba una en el cuadro de mensaje y guárdela aquí.',
  'thread.savedReplies.save': 'Guardar el texto actual como respuesta',
  'thread.savedReplies.remove': 'Quitar la respuesta guardada: {text}',
  'thread.savedReplies.tip': 'Consejo: escriba / en un cuadro de mensaje vacío para elegir una respuesta.',
  'thread.savedReplies.problem.empty': 'Primero escriba un mensaje y luego guárdelo como respuesta.',
  'thread.savedReplies.problem.tooLong': 'Una respuesta guardada puede tener hasta {max} caracteres.',
  'thread.savedReplies.problem.duplicate': 'Este texto ya es una respuesta guardada.',
  'thread.savedReplies.problem.full': 'Puede guardar hasta {max} respuestas. Quite una para agregar otra.',
  'thread.savedReplies.added': 'Respuesta guardada.',
  'thread.savedReplies.removed': 'Se quitó la respuesta guardada.',
  'thread.savedReplies.count': 'Respuestas guardadas: {count}. Use las flechas y Enter para insertar una.',
  'thread.savedReplies.noMatch': 'Ninguna respuesta guardada coincide.',
} as const satisfies Translation<typeof savedRepliesMessages>;
