/**
 * Twilsock V3 framing, as twilsock 1.0.2 (node_modules/twilsock/dist/parser.js and
 * packetinterface.js) writes and reads it: one WebSocket message per packet,
 *
 *   "TWILSOCK V3.0 <header length>\r\n<JSON header>\r\n<payload>"
 *
 * the header's `payload_size` giving the payload's length in bytes and `payload_type` its type
 * (JSON unless it says otherwise). Every packet has an `id` ("TM" + 32 hex digits from the
 * client); a reply carries the id of the packet it answers.
 */

export interface TwilsockHeader {
  method?: string;
  id?: string;
  payload_type?: string;
  [key: string]: unknown;
}

export interface TwilsockPacket {
  header: TwilsockHeader;
  /** The payload as text (empty when none). */
  payload: string;
}

const MAGIC = 'TWILSOCK V3.0 ';

/** A packet of the client's, or null when it is not V3.0 framing. */
export function parsePacket(data: Uint8Array): TwilsockPacket | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const firstBreak = bytes.indexOf('\r\n');
  if (firstBreak < 0) return null;
  const magic = bytes.subarray(0, firstBreak).toString('latin1');
  if (!magic.startsWith(MAGIC)) return null;
  const headerSize = Number(magic.slice(MAGIC.length));
  if (!Number.isInteger(headerSize) || headerSize <= 0) return null;
  const headerStart = firstBreak + 2;
  const headerEnd = headerStart + headerSize;
  let header: TwilsockHeader;
  try {
    header = JSON.parse(bytes.subarray(headerStart, headerEnd).toString('utf8')) as TwilsockHeader;
  } catch {
    return null;
  }
  const size = typeof header.payload_size === 'number' ? header.payload_size : 0;
  const payloadStart = headerEnd + 2;
  return { header, payload: size > 0 ? bytes.subarray(payloadStart, payloadStart + size).toString('utf8') : '' };
}

/** A packet to send: the header gets `payload_size` (and `payload_type` JSON when there is a payload and none is named). */
export function encodePacket(header: TwilsockHeader, payload = ''): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const full = { ...header, payload_size: body.length, ...(body.length > 0 && !header.payload_type ? { payload_type: 'application/json' } : {}) };
  const headerBytes = Buffer.from(JSON.stringify(full), 'utf8');
  return Buffer.concat([Buffer.from(`${MAGIC}${headerBytes.length}\r\n`, 'latin1'), headerBytes, Buffer.from('\r\n', 'latin1'), body]);
}

/** A packet id of the server's (twilsock's shape). */
export function packetId(): string {
  return `TM${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
}
