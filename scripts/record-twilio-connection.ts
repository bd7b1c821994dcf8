/**
 * Records what the REAL `@twilio/conversations` client emits when its connection drops and comes
 * back, for the SDK double of the adapter's tests (test/helpers/twilio-double.ts replays it).
 *
 *   npx tsx scripts/record-twilio-connection.ts            # writes test/fixtures/twilio-connection-events.json
 *   npx tsx scripts/record-twilio-connection.ts --stdout   # prints it instead
 *
 * No network: the SDK's transport, twilsock, is pointed at a fake twilsock server on 127.0.0.1
 * with the client option `Twilsock: { uri }` (twilsock's Configuration reads
 * `options.twilsock || options.Twilsock` and uses its `uri` instead of
 * wss://tsock.<region>.twilio.com/v3/wsconnect; the Conversations client hands its options to
 * twilsock as they are). The fake server speaks the twilsock V3.0 framing
 * ("TWILSOCK V3.0 <header length>\r\n<JSON header>\r\n<payload>"): it answers the client's `init`
 * with a `reply` of status 200 (a continuation token, the capabilities asked for, no offline
 * storage), which is all twilsock needs to reach `connected`. Upstream requests the Conversations
 * client makes next (method `message`, its configuration and Sync calls) get a reply whose
 * `http_status` is 503: the Conversations client then fails its own initialisation (`initFailed`)
 * — a real service would answer them — but twilsock's connection, the only thing recorded here,
 * is not affected. Acknowledgements (`reply`) and telemetry are ignored.
 *
 * Scenarios, one client throughout:
 * - `startup`: from `new Client()` to `connected` (and the Conversations client's `initFailed`);
 * - `drop-and-reconnect`: the server terminates the socket (no close frame, as a network loss)
 *   and stays up: twilsock reconnects by itself;
 * - `server-down-then-back`: the socket is terminated and the server stops listening (connections
 *   refused) for DOWN_MS, then listens again on the same port;
 * - `shutdown`: `client.shutdown()`.
 * Every `connectionStateChanged`, `stateChanged`, `initialized`, `initFailed` and `connectionError`
 * is recorded with its time (ms since the scenario began), next to what the server did.
 *
 * A recording tool, not a test: `npm test` does not run it; the tests read the committed fixture.
 * The token is JWT-shaped but never verified (nothing in the SDK, twilsock, Sync or Notifications
 * decodes it locally; only the server would).
 */
import { writeFile, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
// eslint-disable-next-line leadkit/layers -- a recording tool, never shipped: it runs the real SDK on purpose (the adapter imports it lazily).
import { Client, type ConnectionState } from '@twilio/conversations';

const OUT = new URL('../test/fixtures/twilio-connection-events.json', import.meta.url);
/** How long the server refuses connections in `server-down-then-back`. */
const DOWN_MS = 6_000;
/** How long to keep listening after a scenario's last expected state (late events). */
const SETTLE_MS = 1_500;
/** Longest wait for an expected state (twilsock's backoff starts at 1 s, ±20 %, doubling). */
const WAIT_MS = 60_000;

type RecordedEvent =
  | { atMs: number; event: 'connectionStateChanged'; state: ConnectionState }
  | { atMs: number; event: 'stateChanged'; state: string }
  | { atMs: number; event: 'initialized' }
  | { atMs: number; event: 'initFailed'; error: unknown }
  | { atMs: number; event: 'connectionError'; error: unknown }
  | { atMs: number; server: string };

interface Scenario {
  description: string;
  /** `client.connectionState` when the scenario began. */
  from: ConnectionState;
  events: RecordedEvent[];
}

// ---------------------------------------------------------------------------------------------
// The fake twilsock server.

interface Packet {
  header: Record<string, unknown> & { method?: string; id?: string };
  payload: string;
}

function parsePacket(data: Buffer): Packet | null {
  const firstBreak = data.indexOf('\r\n');
  if (firstBreak < 0) return null;
  const [protocol, version, size] = data.subarray(0, firstBreak).toString('latin1').split(' ');
  if (protocol !== 'TWILSOCK' || version !== 'V3.0') return null;
  const headerStart = firstBreak + 2;
  const headerEnd = headerStart + Number(size);
  const header = JSON.parse(data.subarray(headerStart, headerEnd).toString('utf8')) as Packet['header'];
  return { header, payload: data.subarray(headerEnd + 2).toString('utf8') };
}

function packet(header: Record<string, unknown>, payload = ''): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const headerText = Buffer.from(JSON.stringify({ ...header, payload_size: body.length }), 'utf8');
  return Buffer.concat([Buffer.from(`TWILSOCK V3.0 ${headerText.length}\r\n`, 'latin1'), headerText, Buffer.from('\r\n', 'latin1'), body]);
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

class FakeTwilsock {
  private http: Server | null = null;
  private wss: WebSocketServer | null = null;
  private readonly sockets = new Set<WebSocket>();
  port = 0;
  /** What the client sent, by method (for the report). */
  readonly received = new Map<string, number>();

  constructor(private readonly mark: (what: string) => void) {}

  get uri(): string {
    return `ws://127.0.0.1:${this.port}/v3/wsconnect`;
  }

  async start(): Promise<void> {
    const http = createServer((_request, response) => response.writeHead(404).end());
    const wss = new WebSocketServer({ server: http, path: '/v3/wsconnect' });
    wss.on('connection', (socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (http.address() as AddressInfo).port;
    this.http = http;
    this.wss = wss;
    this.mark('listening');
  }

  /** Ends every socket as a lost network would: no close frame, no close handshake. */
  dropSockets(): void {
    for (const socket of this.sockets) socket.terminate();
    this.mark(`terminated ${this.sockets.size} socket(s)`);
    this.sockets.clear();
  }

  /** Stops listening: connections are refused until `start()`. */
  async stop(): Promise<void> {
    this.dropSockets();
    await new Promise<void>((resolve) => (this.wss ? this.wss.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.http ? this.http.close(() => resolve()) : resolve()));
    this.http?.closeAllConnections();
    this.wss = null;
    this.http = null;
    this.mark('stopped listening (connections refused)');
  }

  private accept(socket: WebSocket): void {
    this.sockets.add(socket);
    this.mark('socket accepted');
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('message', (data) => {
      const parsed = parsePacket(toBuffer(data));
      if (!parsed) return;
      const { header } = parsed;
      const method = String(header.method);
      this.received.set(method, (this.received.get(method) ?? 0) + 1);
      if (method === 'init') {
        socket.send(
          packet({
            method: 'reply',
            id: header.id,
            status: { code: 200, status: 'OK' },
            continuation_token: 'CT-fake-twilsock',
            continuation_token_status: { reissued: false },
            capabilities: header.capabilities ?? [],
            init_registrations: [],
          }),
        );
        this.mark('replied 200 to init');
      } else if (method === 'message') {
        // An upstream HTTP request (the Conversations/Sync REST calls): the service is "down".
        socket.send(
          packet(
            {
              method: 'reply',
              id: header.id,
              status: { code: 200, status: 'OK' },
              http_status: { code: 503, status: 'Service Unavailable' },
              http_headers: { 'Content-Type': 'application/json' },
              payload_type: 'application/json',
            },
            JSON.stringify({ status: 503, message: 'fake twilsock: no upstream service' }),
          ),
        );
      } else if (method === 'close') {
        socket.close();
      }
      // 'reply' (acknowledgements), 'telemetry.v1' and others: nothing to answer.
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The recording.

/** A JWT-shaped token with plausible Conversations grants; nothing local verifies it. */
function dummyToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = { typ: 'JWT', alg: 'HS256', cty: 'twilio-fpa;v=1' };
  const claims = {
    jti: `SK00000000000000000000000000000000-${now}`,
    iss: 'SK00000000000000000000000000000000',
    sub: 'AC00000000000000000000000000000000',
    iat: now,
    nbf: now,
    exp: now + 3600,
    grants: { identity: 'provider-1001', chat: { service_sid: 'IS00000000000000000000000000000000' } },
  };
  return `${encode(header)}.${encode(claims)}.${Buffer.from('not-a-signature').toString('base64url')}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const toStdout = process.argv.includes('--stdout');
  const scenarios: Record<string, Scenario> = {};
  let current: Scenario | null = null;
  let scenarioStart = 0;
  const at = () => Math.round(performance.now() - scenarioStart);
  const record = (event: RecordedEvent) => current?.events.push(event);
  const unhandled: string[] = [];
  // The Conversations client rejects its readiness promise when its own initialisation fails.
  process.on('unhandledRejection', (reason) => unhandled.push(reason instanceof Error ? reason.message : String(reason)));

  const server = new FakeTwilsock((what) => record({ atMs: at(), server: what }));
  const begin = (name: string, description: string, from: ConnectionState) => {
    current = { description, from, events: [] };
    scenarios[name] = current;
    scenarioStart = performance.now();
  };

  begin('startup', 'new Client(token) against a server that accepts the socket and answers init with 200.', 'unknown');
  await server.start();
  const client = new Client(dummyToken(), { logLevel: 'silent', Twilsock: { uri: server.uri } });

  const stateWaiters: { state: ConnectionState; resolve: () => void }[] = [];
  client.on('connectionStateChanged', (state) => {
    record({ atMs: at(), event: 'connectionStateChanged', state });
    for (const waiter of stateWaiters.splice(0)) {
      if (waiter.state === state) waiter.resolve();
      else stateWaiters.push(waiter);
    }
  });
  client.on('stateChanged', (state) => record({ atMs: at(), event: 'stateChanged', state }));
  client.on('initialized', () => record({ atMs: at(), event: 'initialized' }));
  client.on('initFailed', ({ error }) => record({ atMs: at(), event: 'initFailed', error: error ?? null }));
  client.on('connectionError', (error) => record({ atMs: at(), event: 'connectionError', error }));

  const reach = (state: ConnectionState) =>
    new Promise<void>((resolve, reject) => {
      if (client.connectionState === state) return resolve();
      const timer = setTimeout(() => reject(new Error(`no '${state}' within ${WAIT_MS} ms (now '${client.connectionState}')`)), WAIT_MS);
      stateWaiters.push({
        state,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });

  // The Conversations client's own start (its upstream calls, answered 503) ends in initFailed:
  // wait for it here so that it is not mistaken for part of the next scenario.
  const settled = new Promise<void>((resolve) => client.once('stateChanged', () => resolve()));
  await reach('connected');
  await Promise.race([settled, sleep(WAIT_MS)]);
  await sleep(SETTLE_MS);

  begin(
    'drop-and-reconnect',
    'The server terminates the socket (no close frame, as a lost network) and keeps listening: twilsock reconnects by itself.',
    client.connectionState,
  );
  server.dropSockets();
  await sleep(50);
  await reach('connected');
  await sleep(SETTLE_MS);

  begin(
    'server-down-then-back',
    `The server terminates the socket and stops listening: connections are refused for ${DOWN_MS / 1000} s, then it listens again on the same port.`,
    client.connectionState,
  );
  await server.stop();
  await sleep(DOWN_MS);
  await server.start();
  await reach('connected');
  await sleep(SETTLE_MS);

  begin('shutdown', 'client.shutdown() while connected.', client.connectionState);
  await client.shutdown();
  record({ atMs: at(), server: 'client.shutdown() resolved' });
  await sleep(SETTLE_MS);
  current = null;
  await server.stop();

  const versionOf = async (name: string) => {
    const require = createRequire(import.meta.url);
    const file = require.resolve(`${name}/package.json`, { paths: [require.resolve('@twilio/conversations')] });
    return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
  };
  const recording = {
    recordedWith: 'scripts/record-twilio-connection.ts (npx tsx)',
    note:
      'The real @twilio/conversations Client in Node, its twilsock pointed (client option Twilsock.uri) at a local fake twilsock server ' +
      'that answers init with 200 and every upstream request with HTTP 503 (so the Conversations client itself reports initFailed: only the ' +
      'connection is real here). Entries with `server` are what the fake server did; atMs counts from the start of each scenario. ' +
      "In a browser twilsock also listens to window 'online'/'offline' (offline closes the socket like a drop here; online retries at once).",
    versions: {
      '@twilio/conversations': await versionOf('@twilio/conversations'),
      twilsock: await versionOf('twilsock'),
      ws: await versionOf('ws'),
      node: process.version,
    },
    recordedAt: new Date().toISOString(),
    serverReceived: Object.fromEntries(server.received),
    scenarios,
    ...(unhandled.length ? { unhandledRejections: unhandled } : {}),
  };
  const text = `${JSON.stringify(recording, null, 2)}\n`;
  if (toStdout) process.stdout.write(text);
  else {
    await writeFile(OUT, text);
    console.log(`wrote ${OUT.pathname}`);
    for (const [name, scenario] of Object.entries(scenarios)) {
      const states = scenario.events.flatMap((e) => ('event' in e && e.event === 'connectionStateChanged' ? [e.state] : []));
      console.log(`${name}: ${scenario.from} → ${states.join(' → ')}`);
    }
  }
  // Sync/Notifications may keep timers (retries of the failed upstream calls): end here.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
