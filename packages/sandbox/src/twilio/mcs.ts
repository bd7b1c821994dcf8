import type { IncomingMessage, ServerResponse } from 'node:http';
import { ATTACHMENT_MAX_BYTES, sniffImageType } from '../../../../src/domain/attachment';
import type { SandboxChat } from '../chat';
import { SANDBOX_CHAT_SERVICE_SID } from '../chat-token';
import type { SandboxGateway } from '../index';
import type { StoredMedia } from '../types';
import { checkTwilioToken } from './token';

/**
 * The media service (Twilio's MCS) over plain HTTP, as @twilio/mcs-client 1.0.1 calls it
 * (node_modules/@twilio/mcs-client/dist: client.js, services/network.js, media.js). The SDK
 * takes its URLs from the configuration's `links.media_service` / `media_set_service`; every
 * call carries the chat token as `X-Twilio-Token`.
 *
 *   POST /v1/Services/<IS>/Media?Category=media&Filename=…   raw bytes, Content-Type → 201 media record
 *   GET  /v1/Services/<IS>/Media/<ME>                        → media record with `links.content_direct_temporary`
 *   POST /v1/Services/<IS>/MediaSet  {command: 'get', list: [{media_sid}]} → [{code: 200, media_record}]
 *   GET  /sandbox/chat/media/<grant>                         the content behind a temporary URL (the sandbox's own route)
 *
 * Uploads follow the sandbox chat's rules (routes/chat.ts): JPEG or PNG by content, at most
 * ATTACHMENT_MAX_BYTES. An upload belongs to its uploader until a message carries it
 * (`takeUpload`, the send). The sandbox's faults for the media route
 * (`POST /gateway/message-center/v1/chat/conversations/:sid/media`) apply to the upload.
 */

const MCS_MEDIA_PATH = `/v1/Services/${SANDBOX_CHAT_SERVICE_SID}/Media`;
const MCS_MEDIA_SET_PATH = `/v1/Services/${SANDBOX_CHAT_SERVICE_SID}/MediaSet`;

interface Upload {
  media: StoredMedia;
  identity: string;
  at: string;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class McsService {
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly sandbox: Pick<SandboxGateway, 'chat' | 'app' | 'faults' | 'store'>,
    private readonly origin: () => string,
    /** Where the temporary content URLs point, for a request from a page of this origin (TwilioStandInOptions.contentOrigin). */
    private readonly contentOrigin: (pageOrigin: string | undefined) => string = origin,
  ) {}

  private get chat(): SandboxChat {
    return this.sandbox.chat;
  }

  /** The media service's links for the configuration. */
  links(): { media_service: string; media_set_service: string } {
    return { media_service: `${this.origin()}${MCS_MEDIA_PATH}`, media_set_service: `${this.origin()}${MCS_MEDIA_SET_PATH}` };
  }

  /** An upload of `identity`'s not yet sent, removed from the pending ones (a message now carries it). */
  takeUpload(mediaSid: string, identity: string): StoredMedia | null {
    const upload = this.uploads.get(mediaSid);
    if (!upload || upload.identity !== identity) return null;
    this.uploads.delete(mediaSid);
    return upload.media;
  }

  /** A media record; with `pageOrigin` (the asking page's origin, or undefined) its temporary content URL. */
  private record(media: StoredMedia, at: string, pageOrigin: string | undefined | false): Record<string, unknown> {
    const url = `${this.origin()}${MCS_MEDIA_PATH}/${media.mediaSid}`;
    return {
      sid: media.mediaSid,
      service_sid: SANDBOX_CHAT_SERVICE_SID,
      date_created: at,
      date_upload_updated: at,
      date_updated: at,
      size: media.size,
      content_type: media.contentType,
      filename: media.filename,
      category: 'media',
      is_multipart_upstream: false,
      url,
      links: {
        content: `${url}/Content`,
        content_direct_temporary: pageOrigin === false ? null : `${this.contentOrigin(pageOrigin)}${this.chat.grantMediaUrl(media.mediaSid).url}`,
      },
    };
  }

  /** The media record `identity` may see (its pending upload, or media of its conversations). */
  private visible(mediaSid: string, identity: string, pageOrigin: string | undefined): Record<string, unknown> | null {
    const upload = this.uploads.get(mediaSid);
    if (upload) return upload.identity === identity ? this.record(upload.media, upload.at, pageOrigin) : null;
    const found = this.chat.findMedia(mediaSid);
    if (!found || !found.conversation.participants.includes(identity)) return null;
    const message = this.sandbox.store.messages.find((m) => m.media?.some((x) => x.mediaSid === mediaSid));
    return this.record(found.media, message?.createDate ?? new Date(0).toISOString(), pageOrigin);
  }

  /** Answers a request of the media service; false when the path is not its. */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://stand-in.local');
    const path = url.pathname;
    if (request.method === 'GET' && path.startsWith('/sandbox/chat/media/')) {
      const answer = await this.sandbox.app.fetch(new Request(new URL(path, 'http://sandbox.local')));
      response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
      return true;
    }
    if (!path.startsWith(MCS_MEDIA_PATH)) return false;
    const verdict = checkTwilioToken(this.chat, request.headers['x-twilio-token'], this.sandbox.store.clock().getTime());
    if (!verdict.ok) {
      send(response, 401, { status: 401, code: verdict.errorCode, message: verdict.description });
      return true;
    }
    const { identity } = verdict;
    if (request.method === 'POST' && path === MCS_MEDIA_PATH) {
      await this.upload(request, response, url, identity);
    } else if (request.method === 'GET' && path.startsWith(`${MCS_MEDIA_PATH}/`)) {
      const record = this.visible(decodeURIComponent(path.slice(MCS_MEDIA_PATH.length + 1)), identity, request.headers.origin);
      if (record) send(response, 200, record);
      else send(response, 404, { status: 404, code: 20404, message: 'Media not found.' });
    } else if (request.method === 'POST' && path === MCS_MEDIA_SET_PATH) {
      const body = await readBody(request, 1_000_000);
      let list: { media_sid?: unknown }[];
      try {
        list = (JSON.parse(body?.toString('utf8') ?? '') as { list?: { media_sid?: unknown }[] }).list ?? [];
      } catch {
        send(response, 400, { status: 400, message: 'The media set query must be JSON.' });
        return true;
      }
      send(
        response,
        200,
        list.map((entry) => {
          const record = this.visible(String(entry.media_sid), identity, request.headers.origin);
          return record ? { code: 200, media_record: record } : { code: 404, media_record: { sid: String(entry.media_sid) } };
        }),
      );
    } else {
      send(response, 405, { status: 405, message: 'Not a media service call.' });
    }
    return true;
  }

  private async upload(request: IncomingMessage, response: ServerResponse, url: URL, identity: string): Promise<void> {
    // The sandbox chat's media route is where a fault for a photo's sending is set.
    const decision = this.sandbox.faults.decide('POST', '/gateway/message-center/v1/chat/conversations/:sid/media');
    if (decision.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.latencyMs));
    const fault = decision.action;
    if (fault?.kind === 'drop' && !fault.afterHandling) {
      request.socket.destroy();
      return;
    }
    if (fault && fault.kind !== 'drop') {
      const status = fault.kind === 'status' ? fault.status : 511;
      send(response, status, fault.kind === 'status' ? fault.body : { status, message: 'Network authentication required.' });
      return;
    }
    const bytes = await readBody(request, ATTACHMENT_MAX_BYTES);
    if (!bytes) {
      send(response, 413, { status: 413, message: `Media may be at most ${ATTACHMENT_MAX_BYTES} bytes.` });
      return;
    }
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const contentType = view.length > 0 ? sniffImageType(view) : null;
    if (!contentType) {
      send(response, 415, { status: 415, message: 'Only JPEG and PNG images can be sent.' });
      return;
    }
    const media = this.chat.storeMedia(view.slice(), contentType, url.searchParams.get('Filename')?.slice(0, 255) ?? null);
    const at = this.sandbox.store.clock().toISOString();
    this.uploads.set(media.mediaSid, { media, identity, at });
    if (fault?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    send(response, 201, this.record(media, at, false));
  }
}
