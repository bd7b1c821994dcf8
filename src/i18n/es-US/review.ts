import type { reviewMessages } from '../en-US/review';
import type { Translation } from './translation';

/** Spanish of en-US/review.ts. */
export const reviewMessagesEs = {
  'error.reviewRequest': 'Lo sentimos, ocurrió un error. Inténtelo de nuevo.',
  'review.title': 'Solicitar una reseña',
  'review.edit': 'Editar',
  'review.submit': 'Enviar solicitud',
  'review.firstName': 'Nombre',
  'review.lastName': 'Apellido',
  'review.email': 'Correo electrónico',
  'review.phone': 'Número de teléfono',
  'review.postalCode': 'Código postal del trabajo',
  'review.postalCodeInvalid': 'Ingrese un código postal de 5 dígitos',
  'review.descriptionOfWork': 'Descripción del trabajo',
  'review.workCompleted': '¿Se realizaron los servicios?',
  'review.yes': 'Sí',
  'review.no': 'No',
  'review.categories': 'Categorías',
  'review.thanks': '¡Gracias! Se envió su solicitud de reseña.',
  'review.contact': 'Contacto del cliente',
  'review.name': 'Nombre',
  'review.notProvided': 'No proporcionado',
  'review.categoriesNone': 'Seleccione categorías',
  'review.alreadyRequested': 'Ya le pidió una reseña a este cliente el {date}. Si la vuelve a enviar, le llegará un recordatorio por correo electrónico.',
  'review.sending': 'Enviando…',
  'review.loading': 'Cargando los datos del cliente…',
} as const satisfies Translation<typeof reviewMessages>;
