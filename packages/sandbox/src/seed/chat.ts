import type { Member, StoredMedia, StoredMessage, Thread } from '../types';
import { SANDBOX_LEADS } from './leads';
import { SANDBOX_MEMBER_ID } from './members';
import { MAIN_PROVIDER_ID } from './providers';

/**
 * Chat history for the sandbox: a photo in the token member's thread, a longer conversation
 * (older pages to scroll up to) on the purchased lead, and a 10,000-message thread for the
 * virtualisation benchmark whose messages are generated on demand from their index (never
 * stored: a page of it costs what it shows).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The long thread: provider 1001 with a member of its own who holds no lead. */
export const SANDBOX_LONG_THREAD = {
  spId: MAIN_PROVIDER_ID,
  memberId: 5090,
  messageCount: 10_000,
  /** The newest generated message is this long before the seed's `now`. */
  endsBeforeNowMs: DAY,
  /** Time between two generated messages. */
  stepMs: 37 * MINUTE,
} as const;

/** The thread with older pages: provider 1001 and the member of the purchased lead. */
export const SANDBOX_HISTORY_THREAD = { spId: MAIN_PROVIDER_ID, memberId: 5003, leadId: SANDBOX_LEADS.purchased, messageCount: 40 } as const;

/** A small PNG (48×36, a water heater) the token member sent in the seeded thread. */
export const SEEDED_PHOTO = {
  mediaSid: `ME${'0'.repeat(31)}1`,
  contentType: 'image/png',
  filename: 'water-heater.png',
  base64:
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAkCAIAAABAJy5dAAAAmklEQVR42mN4/enXoEIMow4axg6KikqhBFHfQdOmLZg9e+nChatXrNi0bt2OLVv27dp15MCBU8eOXThz5tqlS3eAJJANFAGKA2WBaoAqgeqBuoB6Rx006qBRB406aNRBow4addCog0YdNOqgUQdR1UEaFXcGi4OATkFGow5CdRCaazDdNJRDiFo9V6o5iLqICrlsdPRj1EFYEQDGDEaoxw32/wAAAABJRU5ErkJggg==',
} as const;

export function seededPhotoBytes(): Uint8Array {
  return Uint8Array.from(atob(SEEDED_PHOTO.base64), (ch) => ch.charCodeAt(0));
}

const HISTORY_LINES: readonly (readonly [fromProvider: boolean, text: string])[] = [
  [true, 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?'],
  [false, 'Just slow. It takes a few minutes to empty after doing dishes.'],
  [true, 'Got it. Do you have a garbage disposal on that sink?'],
  [false, 'Yes, it is about five years old.'],
  [true, 'Any gurgling sounds when the dishwasher runs?'],
  [false, 'Now that you mention it, yes.'],
  [true, 'That usually points to a partial clog further down the line. We can snake it from the cleanout.'],
  [false, 'How long does that usually take?'],
  [true, 'About an hour, sometimes less.'],
  [false, 'And roughly what does it cost?'],
];

/** Deterministic small integer hash (no Math.random: the seed is reproducible). */
function mix(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const LONG_PROVIDER = [
  'Checking in on the project.',
  'We can be there Tuesday morning.',
  'The parts arrived today.',
  'I sent the updated estimate to your e-mail.',
  'Please make sure the area is clear before we arrive.',
  'We finished the first phase; photos coming soon.',
];
const LONG_MEMBER = [
  'Thanks!',
  'Tuesday works.',
  'Could you call me when you are on the way?',
  'The dog will be inside, the gate code is the same as last time.',
  'Looks great so far. One question about the trim color: we went with the lighter one, right?',
  'Sounds good.',
  'Can we move it to the afternoon?',
];

/** Message `i` (0-based) of the long thread: author, text and time follow from `i` alone. */
export function longThreadMessage(i: number, seedNow: Date): StoredMessage {
  const { spId, memberId, messageCount, endsBeforeNowMs, stepMs } = SANDBOX_LONG_THREAD;
  const h = mix(i);
  const fromProvider = h % 3 === 0;
  const pool = fromProvider ? LONG_PROVIDER : LONG_MEMBER;
  const first = pool[h % pool.length]!;
  // Some messages are longer (two or three sentences): rows of different heights.
  const extra = (h >>> 8) % 4 === 0 ? ` ${pool[(h >>> 12) % pool.length]!} ${pool[(h >>> 16) % pool.length]!}` : '';
  return {
    messageId: `msg-long-${String(i + 1).padStart(5, '0')}`,
    spId,
    memberId,
    leadId: null,
    authorId: fromProvider ? spId : memberId,
    authorType: fromProvider ? 'ServiceProvider' : 'Member',
    text: `${first}${extra} (#${i + 1})`,
    createDate: new Date(seedNow.getTime() - endsBeforeNowMs - (messageCount - 1 - i) * stepMs).toISOString(),
    pageName: null,
    contactPlacementType: null,
  };
}

export interface ChatSeedContext {
  now: Date;
  members: Member[];
  threads: Thread[];
  messages: StoredMessage[];
  leadCreateDate: (leadId: number) => string | undefined;
}

/** Adds the chat history to what seedLeads built (appends: existing ids and indexes do not move). */
export function seedChat(ctx: ChatSeedContext): void {
  const { now, members, threads, messages } = ctx;
  let seq = messages.reduce((max, m) => Math.max(max, Number(m.messageId.replace(/\D/g, '')) || 0), 0);
  const push = (spId: number, memberId: number, leadId: number | null, fromProvider: boolean, text: string, at: number, media?: StoredMedia[]) => {
    messages.push({
      messageId: `msg-${String(++seq).padStart(5, '0')}`,
      spId,
      memberId,
      leadId,
      authorId: fromProvider ? spId : memberId,
      authorType: fromProvider ? 'ServiceProvider' : 'Member',
      text,
      createDate: new Date(Math.min(at, now.getTime())).toISOString(),
      pageName: null,
      contactPlacementType: null,
      ...(media ? { media } : {}),
    });
  };

  // The token member follows up with a photo, after the thread's last message.
  const tokenThread = messages.filter((m) => m.spId === MAIN_PROVIDER_ID && m.memberId === SANDBOX_MEMBER_ID);
  const last = tokenThread.at(-1);
  if (last) {
    const at = (new Date(last.createDate).getTime() + now.getTime()) / 2;
    const photo: StoredMedia = { mediaSid: SEEDED_PHOTO.mediaSid, contentType: SEEDED_PHOTO.contentType, filename: SEEDED_PHOTO.filename, size: seededPhotoBytes().length };
    push(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID, last.leadId, false, '', at, [photo]);
  }

  // A longer conversation on the purchased lead: more than one page.
  const history = SANDBOX_HISTORY_THREAD;
  const start = new Date(ctx.leadCreateDate(history.leadId) ?? now.toISOString()).getTime() + 5 * MINUTE;
  const step = Math.max(1000, Math.floor((now.getTime() - start) / (history.messageCount + 1)));
  for (let i = 0; i < history.messageCount; i++) {
    const [fromProvider, text] = HISTORY_LINES[i % HISTORY_LINES.length]!;
    const round = Math.floor(i / HISTORY_LINES.length);
    push(history.spId, history.memberId, history.leadId, fromProvider, round === 0 ? text : `${text} (${round + 1})`, start + i * step);
  }
  if (!threads.some((t) => t.spId === history.spId && t.memberId === history.memberId)) {
    threads.push({ spId: history.spId, memberId: history.memberId, unreadForProvider: false, unreadForMember: false });
  }

  // The long thread's member and conversation (its messages are generated, not stored).
  const long = SANDBOX_LONG_THREAD;
  members.push({ id: long.memberId, firstName: 'Harper', lastName: 'Whitfield', email: 'harper.whitfield@example.com', phoneNumber: '3035550190', postalCode: '80202' });
  threads.push({ spId: long.spId, memberId: long.memberId, unreadForProvider: false, unreadForMember: false });
}
