import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { SandboxGateway } from '../index';
import { McsService } from './mcs';
import { TwilsockSession, type SessionHost, type UpstreamRecord } from './session';
import { SyncData } from './sync-data';
import { SyncModel } from './sync-model';
import { CDS_ORIGIN, UpstreamService } from './upstream';

/**
 * A stand-in for Twilio Conversations that the real `@twilio/conversations` SDK (3.0.1) uses,
 * answering from the sandbox's chat store (packages/sandbox/README.md#the-twilio-stand-in): a
 * twilsock server (WebSocket, `/v3/wsconnect`: session.ts) carrying the Conversations REST calls
 * (upstream.ts) and Twilio Sync (sync-routes.ts, sync-model.ts over sync-data.ts), and the media
 * service over HTTP on the same port (mcs.ts). Node only.
 *
 * ```ts
 * const sandbox = createSandboxGateway();
 * const twilio = await startTwilioStandIn({ sandbox });
 * const { token } = sandbox.chat.issueToken('provider-1001');   // or the chat-token call
 * const client = new Client(token, twilio.clientOptions());      // { Twilsock: { uri } }
 * twilio.dropConnections();                                      // a lost network: the SDK reconnects
 * await twilio.close();
 * ```
 */

export interface TwilioStandInOptions {
  sandbox: SandboxGateway;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How long before a token's expiry the SDK is told `tokenAboutToExpire` (Twilio: minutes); default 3 minutes. */
  tokenAboutToExpireMs?: number;
  /**
   * Where a media's temporary URL (`links.content_direct_temporary`) points, for a request from a
   * page of `pageOrigin` (its Origin header; none from Node): an origin that serves the sandbox's
   * own `/sandbox/chat/media/<grant>`. Default the stand-in's own origin (it serves that route
   * too). `npm start` answers its pages' origin, as the sandbox chat's URLs are: leadkit shows a
   * photo only from https:, blob: or the page's own origin, and the stand-in is plain http on
   * another port (Twilio's media URLs are https).
   */
  contentOrigin?: (pageOrigin: string | undefined) => string;
}

export interface TwilioStandIn {
  /** twilsock's URI: the SDK's client option `Twilsock: { uri }`. */
  readonly twilsockUri: string;
  /** The media service's origin (the configuration's media links point there). */
  readonly mcsOrigin: string;
  /** Options for `new Client(token, options)` that point the SDK here (and keep it quiet). */
  clientOptions(): { Twilsock: { uri: string }; logLevel: 'silent' };
  /** The upstream requests answered (the newest 5000), oldest first (tests: what the server received). */
  readonly received: readonly UpstreamRecord[];
  /** Connections open now. */
  readonly openConnections: number;
  /** Upstream requests received and not answered yet (tests: wait until the server is done). */
  readonly answering: number;
  /** When each open connection's token expires, in ms on the sandbox's clock (tests: a renewal taken). */
  tokenExpiries(): number[];
  /** Ends every connection as a lost network does (no close frame): the SDK reconnects by itself. */
  dropConnections(): void;
  /** Forgets the requests received. */
  clearReceived(): void;
  close(): Promise<void>;
}

/** How often the token clocks are read. */
const TICK_MS = 250;
/** How many upstream requests `received` keeps (the newest). */
const RECEIVED_KEPT = 5000;

function cors(request: IncomingMessage, response: ServerResponse): boolean {
  const origin = request.headers.origin;
  if (origin) {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-headers', 'X-Twilio-Token, Content-Type');
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    response.setHeader('vary', 'Origin');
  }
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204).end();
  return true;
}

export async function startTwilioStandIn(options: TwilioStandInOptions): Promise<TwilioStandIn> {
  const { sandbox } = options;
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const sessions = new Set<TwilsockSession>();
  let answering = 0;
  const received: UpstreamRecord[] = [];
  const data = new SyncData(sandbox.store, sandbox.chat);
  const model = new SyncModel(
    data,
    CDS_ORIGIN,
    (event) => {
      for (const session of sessions) if (session.isSubscribed(event.objectSid)) session.syncEvent({ event_type: event.eventType, event: event.event });
    },
    () => sandbox.store.clock(),
  );
  const mcs = new McsService(
    sandbox,
    () => origin,
    (pageOrigin) => options.contentOrigin?.(pageOrigin) || origin,
  );
  const upstream = new UpstreamService(data, model, mcs, sandbox.faults);
  const sessionHost: SessionHost = {
    chat: sandbox.chat,
    model,
    upstream,
    now: () => sandbox.store.clock().getTime(),
    aboutToExpireMs: options.tokenAboutToExpireMs ?? 3 * 60_000,
    answering: () => {
      answering += 1;
    },
    record: (entry) => {
      answering -= 1;
      received.push(entry);
      if (received.length > RECEIVED_KEPT) received.splice(0, received.length - RECEIVED_KEPT);
    },
    ended: (session) => sessions.delete(session),
  };

  const http = createServer((request, response) => {
    if (cors(request, response)) return;
    mcs.handle(request, response).then(
      (handled) => {
        if (!handled) response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 404, message: 'Not a stand-in route.' }));
      },
      () => {
        if (!response.headersSent) response.writeHead(500).end();
      },
    );
  });
  const wss = new WebSocketServer({ server: http, path: '/v3/wsconnect' });
  wss.on('connection', (socket) => sessions.add(new TwilsockSession(socket, sessionHost)));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  const ticker = setInterval(() => {
    for (const session of sessions) session.tick();
  }, TICK_MS);
  ticker.unref();

  const twilsockUri = `ws://${host}:${port}/v3/wsconnect`;
  return {
    twilsockUri,
    mcsOrigin: origin,
    clientOptions: () => ({ Twilsock: { uri: twilsockUri }, logLevel: 'silent' }),
    received,
    get openConnections() {
      return sessions.size;
    },
    get answering() {
      return answering;
    },
    tokenExpiries: () => [...sessions].map((session) => session.tokenExpiresAtMs),
    dropConnections() {
      for (const session of [...sessions]) session.terminate();
    },
    clearReceived() {
      received.length = 0;
    },
    async close() {
      clearInterval(ticker);
      for (const session of [...sessions]) session.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}
