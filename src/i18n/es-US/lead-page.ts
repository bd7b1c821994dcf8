import type { leadPageMessages } from '../en-US/lead-page';
import type { Translation } from './translation';

/** Spanish of en-US/lead-page.ts (LeadFeed and BETA are names and stay). */
export const leadPageMessagesEs = {
  'leadPage.betaTitle': 'LeadFeed',
  'leadPage.betaBadge': 'BETA',
  'leadPage.tagline': 'Mejores clientes potenciales cuando usted los quiera.',
  'leadPage.howItWorks.title': 'Cómo funciona',
  'leadPage.howItWorks.alert': 'Reciba alertas de proyectos nuevos cerca de usted.',
  'leadPage.howItWorks.review': 'Revise los detalles del proyecto.',
  'leadPage.howItWorks.unlock': 'Desbloquee toda la información del cliente.',
  'leadPage.howItWorks.contact': 'Comuníquese con el cliente y consiga el trabajo.',
  'leadPage.faq.title': 'Preguntas frecuentes',
  'leadPage.faq.howLong.q': '¿Por cuánto tiempo puedo comprar un cliente potencial?',
  'leadPage.faq.howLong.a': 'Un cliente potencial se puede comprar hasta 24 horas después de enviado o hasta que 3 empresas lo hayan comprado.',
  'leadPage.faq.payment.q': '¿Cómo pago?',
  'leadPage.faq.payment.a': 'Se paga con las principales tarjetas de crédito, que se guardan para compras futuras.',
  'leadPage.faq.refund.q': '¿Y si ya le compré este cliente potencial al miembro?',
  'leadPage.faq.refund.a': 'Al anunciante que compra un cliente potencial de un miembro se le reembolsa el pago.',
  'leadPage.faq.cost.q': '¿Cuánto cuesta un cliente potencial?',
  'leadPage.faq.cost.a': 'La mayoría cuesta entre $7 y $75, según el tamaño del trabajo y la ubicación.',
  'leadPage.unlocked': 'Cliente potencial desbloqueado',
  'leadPage.unlockedDetail':
    'La información de contacto del cliente aparece abajo. Le enviamos por correo electrónico a usted y a sus asociados una confirmación, los detalles del proyecto y un recibo.',
  'leadPage.beFirst': '¡Sea el primero!',
  'leadPage.beFirstDetail': 'La mayoría de los profesionales responde casi de inmediato. Este cliente potencial se envió a varios profesionales más.',
  'leadPage.unavailable': 'Este cliente potencial ya no está disponible para la compra.',
  // Worded without agreement with the number ('Queda 1' / 'Quedan 2'): one text for every count.
  'leadPage.window.spotsLeft': 'Lugares disponibles: {left} de {max}',
  'leadPage.window.hoursLeft': 'Tiempo restante: {hours} h',
  'leadPage.window.minutesLeft': 'Tiempo restante: {minutes} min',
  'leadPage.window.soldOut': '{max} profesionales compraron este cliente potencial',
  'leadPage.window.expired': 'Enviado hace más de 24 horas',
} as const satisfies Translation<typeof leadPageMessages>;
