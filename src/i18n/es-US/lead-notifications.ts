import type { leadNotificationMessages } from '../en-US/lead-notifications';
import type { Translation } from './translation';

/** Spanish of en-US/lead-notifications.ts. */
export const leadNotificationMessagesEs = {
  'notify.control': 'Avisarme de clientes potenciales nuevos',
  'notify.help': 'Una notificación cuando llega un cliente potencial mientras esta página está en segundo plano.',
  'notify.denied':
    'Las notificaciones están bloqueadas para este sitio. Permítalas en la configuración del sitio de su navegador y vuelva a activar esta opción.',
  'notify.unsupported': 'Este navegador no puede mostrar notificaciones.',
  'notify.title.one': 'Cliente potencial nuevo: {category}',
  'notify.title.many': '{count} clientes potenciales nuevos',
  'notify.line': '{category}, {city}',
  'notify.age.now': 'ahora mismo',
  'notify.age.minutes': 'hace {count} min',
  'notify.age.hours': 'hace {count} h',
  'notify.moreOne': 'y 1 cliente potencial más',
  'notify.more': 'y {count} clientes potenciales más',
  'notify.titleCount': '({count}) {title}',
} as const satisfies Translation<typeof leadNotificationMessages>;
