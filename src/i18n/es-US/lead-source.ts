import type { leadSourceMessages } from '../en-US/lead-source';
import type { Translation } from './translation';

/** Spanish of en-US/lead-source.ts. */
export const leadSourceMessagesEs = {
  'leadSource.Redemption': 'Canje',
  'leadSource.RequestAQuote': 'Solicitud de cotización',
  'leadSource.SR_RAQ': 'Solicitud de servicio',
  'leadSource.HA_OL_RAQ': 'Oportunidad',
  'leadSource.ProDirMsgCallOptIn': 'Directorio de profesionales (acepta llamadas)',
  'leadSource.ProDirMsgCallOptOut': 'Directorio de profesionales (no acepta llamadas)',
} as const satisfies Translation<typeof leadSourceMessages>;
