import type { WidgetServer } from '../../runtime/widget-server';
import { leadPageFirstCalls } from './lead-page-atoms';

/** `<lead-page>` off the browser (runtime/widget-server.ts): its first call (another `api-version` asks another). */
export const leadPageServer: WidgetServer = {
  firstCalls: {
    ids: ['lead-id', 'sp-id'],
    unless: ['api-version'],
    send: (client, [leadId, spId]) => leadPageFirstCalls(client, leadId as number, spId as number),
  },
};
