import type { threadBodyMessages, threadHeaderMessages, threadHistoryMessages } from '../en-US/thread';
import type { Translation } from './translation';

/** Spanish of en-US/thread.ts (header part). */
export const threadHeaderMessagesEs = {
  'thread.heading': 'Sus mensajes con {memberName}',
  'thread.breadcrumbLeads': 'Clientes potenciales',
  'thread.breadcrumbMessaging': 'Mensajes',
  'thread.viewAllLeads': 'Ver todos los clientes potenciales',
  'thread.contact': 'Contactar',
  'thread.contactTitle': 'Contactar a {memberName}',
  'thread.preferredContact': 'Información de contacto preferida',
  'thread.expired': 'Vencido',
  'thread.messageHistory': 'Historial de mensajes',
  'thread.historyHeading': 'Historial de mensajes con {memberName}',
  'thread.backToMessages': 'Volver a los mensajes',
  'thread.noPhone': 'Este cliente no proporcionó un número de teléfono.',
  'thread.breadcrumb': 'Ruta de navegación',
  'thread.phone': 'Teléfono',
  'thread.loading': 'Cargando mensajes',
} as const satisfies Translation<typeof threadHeaderMessages>;

/** Spanish of en-US/thread.ts (list and composer part). */
export const threadBodyMessagesEs = {
  'error.chatInit': 'La mensajería no está disponible para este cliente potencial en este momento. Comuníquese con él por teléfono o correo electrónico.',
  'thread.placeholder': 'Escriba un mensaje...',
  'thread.send': 'Enviar',
  'thread.attach': 'Adjuntar un archivo',
  'thread.removeFile': 'Quitar el archivo {fileName}',
  'thread.retry': 'Reintentar',
  'thread.discard': 'Descartar',
  'thread.messages': 'Mensajes',
  'thread.welcomeTitle': 'Bienvenido a la mensajería',
  'thread.welcomeDetail': 'Envíele un mensaje a {memberName} para iniciar la conversación. También puede compartir fotos JPEG o PNG.',
  'thread.state.sending': 'Enviando…',
  'thread.state.sent': 'Enviado',
  'thread.state.delivered': 'Entregado',
  'thread.state.read': 'Leído',
  'thread.state.failed': 'No enviado.',
  'thread.state.held': 'En espera de una verificación de seguridad. Su mensaje se enviará en cuanto se complete.',
  'thread.uploading': 'Subiendo {fileName}: {percent} %',
  'thread.loadingOlder': 'Cargando mensajes anteriores',
  'thread.olderFailed': 'No se pudieron cargar los mensajes anteriores.',
  'thread.recentFailed': 'No se pudieron cargar los mensajes.',
  'thread.photo': 'Foto',
  'thread.download': 'Descargar {fileName}',
  'thread.file': 'archivo',
  'thread.you': 'Usted',
  'thread.newMessage': 'Nuevo mensaje de {memberName}: {text}',
  'thread.newPhoto': 'Nueva foto de {memberName}',
  'thread.reconnecting': 'Reconectando…',
  'thread.typing': '{memberName} está escribiendo…',
  'thread.today': 'Hoy',
  'thread.yesterday': 'Ayer',
  'thread.newMessages': 'Mensajes nuevos',
  'thread.convertingPhoto': 'Convirtiendo la foto…',
  'thread.resizingPhoto': 'Ajustando el tamaño de la foto…',
  'thread.jumpToNewest': 'Ir a lo más reciente',
  'thread.newBelow': '{count, plural, one {# mensaje nuevo} other {# mensajes nuevos}}',
  'thread.newBelowOne': '1 mensaje nuevo',
  'thread.jumpToNewestCount': '{count, plural, one {# mensaje nuevo, ir a lo más reciente} other {# mensajes nuevos, ir a lo más reciente}}',
  'thread.jumpToNewestCountOne': '1 mensaje nuevo, ir a lo más reciente',
} as const satisfies Translation<typeof threadBodyMessages>;

/** Spanish of en-US/thread.ts ('Message History' part). */
export const threadHistoryMessagesEs = {
  'thread.history.label': 'Mensajes anteriores',
  'thread.history.loading': 'Cargando el historial de mensajes',
  'thread.history.empty': 'No hay mensajes anteriores con {memberName}.',
  'thread.history.older': 'Mostrar mensajes anteriores',
  'thread.history.noText': 'Una foto o un archivo (no se guarda en el historial)',
  'thread.history.unknownAuthor': 'Mensaje',
  'thread.history.textNotKept': 'El texto no se guarda en el historial',
} as const satisfies Translation<typeof threadHistoryMessages>;
