import { Hono } from 'hono';
import type { TwilioStandIn } from './stand-in';

/**
 * The Twilio stand-in's controls over HTTP, for pages and e2e runs that talk to `npm start`
 * (scripts/start.ts serves them under `/sandbox/twilio`; packages/sandbox/README.md#the-twilio-stand-in):
 *
 *   POST /sandbox/twilio/drop      every open connection ends as a lost network does (no close
 *                                  frame): the SDK reconnects by itself → `{ dropped }`, how many
 *   GET  /sandbox/twilio/requests  the upstream requests answered since the last reset →
 *                                  `{ requests: [{ identity, method, url, body, status }] }`
 *
 * 404 while no stand-in runs (`TWILIO_PORT=off`, or it could not start).
 */
export function twilioControlRoutes(standIn: () => TwilioStandIn | null): Hono {
  const app = new Hono();
  const notRunning = { status: 404, message: 'The Twilio stand-in is not running (TWILIO_PORT=off, or it did not start).' };

  app.post('/sandbox/twilio/drop', (c) => {
    const twilio = standIn();
    if (!twilio) return c.json(notRunning, 404);
    const dropped = twilio.openConnections;
    twilio.dropConnections();
    return c.json({ dropped });
  });

  app.get('/sandbox/twilio/requests', (c) => {
    const twilio = standIn();
    if (!twilio) return c.json(notRunning, 404);
    return c.json({ requests: twilio.received });
  });

  app.notFound((c) => c.json({ status: 404, message: `${c.req.method} ${c.req.path} is not a Twilio stand-in control.` }, 404));
  return app;
}
