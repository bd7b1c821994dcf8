import type { boardBulkMessages } from '../en-US/board-bulk';
import type { Translation } from './translation';

/** Spanish of en-US/board-bulk.ts (the counts with their plurals; a partial result counts at least two leads). */
export const boardBulkMessagesEs = {
  'bulk.group': 'Clientes potenciales seleccionados',
  'bulk.selectAll': 'Seleccionar todos en esta página',
  'bulk.selected': '{count, plural, one {# seleccionado} other {# seleccionados}}',
  'bulk.archive': 'Archivar',
  'bulk.restore': 'Restaurar',
  'bulk.clear': 'Borrar selección',
  'bulk.result.archive.done': '{count, plural, one {# cliente potencial archivado} other {# clientes potenciales archivados}}',
  'bulk.result.archive.doneOne': '1 cliente potencial archivado',
  'bulk.result.archive.partial':
    '{failed, plural, one {Se archivaron {done} de {total} clientes potenciales. # no se pudo archivar. Inténtelo de nuevo.} other {Se archivaron {done} de {total} clientes potenciales. # no se pudieron archivar. Inténtelo de nuevo.}}',
  'bulk.result.archive.failed': 'No se pudo archivar ninguno de los {total} clientes potenciales. Inténtelo de nuevo.',
  'bulk.result.archive.failedOne': 'No se pudo archivar el cliente potencial. Inténtelo de nuevo.',
  'bulk.result.restore.done':
    '{count, plural, one {# cliente potencial movido a clientes potenciales activos} other {# clientes potenciales movidos a clientes potenciales activos}}',
  'bulk.result.restore.doneOne': '1 cliente potencial movido a clientes potenciales activos',
  'bulk.result.restore.partial':
    '{failed, plural, one {Se movieron {done} de {total} clientes potenciales a activos. # no se pudo mover. Inténtelo de nuevo.} other {Se movieron {done} de {total} clientes potenciales a activos. # no se pudieron mover. Inténtelo de nuevo.}}',
  'bulk.result.restore.failed': 'No se pudo mover ninguno de los {total} clientes potenciales a activos. Inténtelo de nuevo.',
  'bulk.result.restore.failedOne': 'No se pudo mover el cliente potencial a clientes potenciales activos. Inténtelo de nuevo.',
  'bulk.result.read.done': '{count, plural, one {# cliente potencial marcado como leído} other {# clientes potenciales marcados como leídos}}',
  'bulk.result.read.doneOne': '1 cliente potencial marcado como leído',
  'bulk.result.read.partial':
    '{failed, plural, one {Se marcaron {done} de {total} clientes potenciales como leídos. # no se pudo marcar. Inténtelo de nuevo.} other {Se marcaron {done} de {total} clientes potenciales como leídos. # no se pudieron marcar. Inténtelo de nuevo.}}',
  'bulk.result.read.failed': 'No se pudo marcar como leído ninguno de los {total} clientes potenciales. Inténtelo de nuevo.',
  'bulk.result.read.failedOne': 'No se pudo marcar como leído el cliente potencial. Inténtelo de nuevo.',
  'bulk.result.unread.done': '{count, plural, one {# cliente potencial marcado como no leído} other {# clientes potenciales marcados como no leídos}}',
  'bulk.result.unread.doneOne': '1 cliente potencial marcado como no leído',
  'bulk.result.unread.partial':
    '{failed, plural, one {Se marcaron {done} de {total} clientes potenciales como no leídos. # no se pudo marcar. Inténtelo de nuevo.} other {Se marcaron {done} de {total} clientes potenciales como no leídos. # no se pudieron marcar. Inténtelo de nuevo.}}',
  'bulk.result.unread.failed': 'No se pudo marcar como no leído ninguno de los {total} clientes potenciales. Inténtelo de nuevo.',
  'bulk.result.unread.failedOne': 'No se pudo marcar como no leído el cliente potencial. Inténtelo de nuevo.',
} as const satisfies Translation<typeof boardBulkMessages>;
