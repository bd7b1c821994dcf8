import type { validationMessages } from '../en-US/validation';
import type { Translation } from './translation';

/** Spanish of en-US/validation.ts. */
export const validationMessagesEs = {
  'validation.notesTooLong': 'Las notas pueden tener como máximo {max} caracteres. Acorte su nota.',
  'validation.fileTooLarge': 'El archivo no puede superar los 150 MB. Inténtelo de nuevo.',
  'validation.fileType': 'Solo puede enviar imágenes JPEG, JPG o PNG. Inténtelo de nuevo.',
  'validation.fileDefault': 'Error al cargar el archivo',
  'validation.nameEmpty': 'El nombre no puede estar vacío',
  'validation.phoneDigits': 'El número de teléfono debe tener 10 dígitos',
  'validation.numberEmpty': 'El número no puede estar vacío',
  'validation.email': 'Ingrese un correo electrónico válido',
  'validation.phone': 'Ingrese un número de teléfono válido',
  'validation.firstName': 'Ingrese un nombre válido',
  'validation.lastName': 'Ingrese un apellido válido',
  'validation.workCompleted': 'Indique si se realizaron los servicios',
  'validation.categoriesRequired': 'Seleccione una o más categorías para esta reseña',
  'validation.categoriesEmpty': 'Seleccione al menos una categoría para esta reseña',
  'validation.heicUnavailable': 'Las fotos de iPhone (HEIC) no se pueden convertir aquí. Envíela como JPEG o PNG.',
  'validation.heicFailed': 'No se pudo convertir esta foto. Inténtelo de nuevo o envíe un JPEG o PNG.',
} as const satisfies Translation<typeof validationMessages>;
