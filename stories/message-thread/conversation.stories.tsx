import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { pseudoLocalize } from '../support/story-locale';
import { SANDBOX_LEADS, type SandboxGateway } from '@leadkit/sandbox';
import { MessageThread, type MessageThreadProps } from '../../src/react';
import { formats, localized, text } from '../support/story-text';
import { shadowOf, within } from '../support/queries';
import { sandboxOf, type SandboxParameters } from '../support/sandbox';
import { expectFocused, typeText } from '../support/shadow-input';
import { elementFrame } from '../support/element-frame';
import { NO_FAULT } from '../support/pinned';
import { orFaultState } from '../support/faults';

/**
 * The real <message-thread> element (docs/widgets/message-thread.md), against the
 * story's sandbox gateway and its chat service (the sandbox chat adapter over the in-process
 * fetch; photos as blob: URLs). Provider 1001; members: 5001 Jordan Rivera (lead 300001, ends
 * with a photo), 5003 Jasmine Anderson (40 messages), 5005 Zoe Vargas (no messages, masked
 * number active), 5006 Carmen Rossi (masked number expired), 5090 Harper Whitfield (10,000
 * messages, no lead).
 */
const MC = '/gateway/message-center';
const UNAVAILABLE = 'Messaging is currently unavailable for this Lead. Please contact them via phone or email.';
const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

/** The thread element (wide as a page's column, or a phone's 390 px), on the sandbox's clock: masked-number expiry is judged against it. */
const threadAt = (maxWidth: number) => elementFrame('message-thread', { clock: true, style: { maxWidth } });

/** A story's `beforeEach`: changes the sandbox's data before the thread opens (messages of other days, unread ones). */
const prepareWith = (prepare: (gateway: SandboxGateway) => void) => (context: { loaded: Record<string, unknown> }) => {
  prepare(sandboxOf(context).gateway);
};

const meta = {
  title: 'Elements/<message-thread>/Conversation',
  component: MessageThread,
  args: { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
  render: threadAt(760),
} satisfies Meta<MessageThreadProps>;

export default meta;
type Story = StoryObj<typeof meta>;

async function thread(canvasElement: HTMLElement) {
  const { canvas } = await shadowOf(canvasElement);
  const box = await canvas.findByRole('textbox', { name: 'Write a message...' });
  return { canvas, box: box as HTMLTextAreaElement };
}

async function ready(canvasElement: HTMLElement) {
  const found = await thread(canvasElement);
  await waitFor(() => expect(found.canvas.getByRole('button', { name: 'Attach a file' })).toBeEnabled());
  return found;
}

/** A conversation with both sides, a photo from the member, the header's links. */
export const Conversation: Story = {
  tags: ['data'],
  play: orFaultState(async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Leads' })).toHaveAttribute('href', `/app/lead/board/1001?leadId=${SANDBOX_LEADS.newest}`);
    await expect(canvas.getByRole('link', { name: 'View All Leads' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Message History' })).toBeVisible();
    const list = canvas.getByRole('region', { name: 'Messages' });
    // The photo's box first, then the image itself once its (temporary) URL is there.
    await waitFor(() => expect(within(list).getByRole('img', { name: 'water-heater.jpg' }).tagName).toBe('IMG'));
    await expect(within(list).getByRole('img', { name: 'water-heater.jpg' })).toBeVisible();
  }),
};

/** The welcome-to-messaging panel with images when the thread has no messages. */
export const Empty: Story = {
  tags: ['data'],
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  play: orFaultState(async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Welcome to messaging' })).toBeVisible();
    await expect(canvas.getByText('Send Zoe Vargas a message to get the conversation started. You can also share JPEG or PNG photos.')).toBeVisible();
  }),
};

/** The spinner while the messages load (the messages call never answers here). */
export const Loading: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { latency: 600_000, route: `GET ${MC}/v1/chat/conversations/:sid/messages` } }),
  play: async ({ canvasElement }) => {
    const { canvas } = await thread(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading messages' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/**
 * 10,000 messages: only the rows in view are in the DOM; scrolling up loads older pages. The
 * thread opened at its newest message, so scrolled up at once (a fast flick) the reader is offered
 * 'Jump to newest' with no count: nothing came below what they saw.
 */
export const LongHistory: Story = {
  globals: NO_FAULT,
  args: { userId: 5090, leadId: undefined },
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your messages with Harper Whitfield' })).toBeVisible();
    const list = canvas.getByRole('region', { name: 'Messages' });
    await waitFor(() => expect(list.textContent).toContain('(#10000)'));
    await expect(list.querySelectorAll('li').length).toBeLessThan(30);
    scrollByReader(list, 0);
    await waitFor(() => expect(list.textContent).toMatch(/\(#99[0-6]\d\)/));
    await expect(list.querySelectorAll('li').length).toBeLessThan(30);
    const jump = await canvas.findByRole('button', { name: 'Jump to newest' });
    await expect(jump.textContent).toBe(text('thread.jumpToNewest'));
  },
};

/**
 * A text written while the chat is still opening is sent at once (the message center
 * needs no chat) and shows with its state under the spinner (the recent page never answers here).
 */
export const SendWhileOpening: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { latency: 600_000, route: `GET ${MC}/v1/chat/conversations/:sid/messages` } }),
  play: async ({ canvasElement }) => {
    const { canvas, box } = await thread(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading messages' })).toBeVisible();
    await typeText(box, 'Written while it opens');
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue('');
    await expect(box).toBeEnabled();
    const list = canvas.getByRole('region', { name: 'Messages' });
    await expect(await within(list).findByText('Written while it opens')).toBeVisible();
  },
};

/**
 * The chat opened but its recent page did not load (every try of it failed): the list
 * says so with 'Try again'; no unavailable text, and the composer sends.
 */
export const RecentPageFailed: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 503, route: `GET ${MC}/v1/chat/conversations/:sid/messages` } }),
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    const list = canvas.getByRole('region', { name: 'Messages' });
    const alert = await within(list).findByRole('alert');
    await expect(alert).toHaveTextContent(localized('Messages could not be loaded.'));
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.queryByText(UNAVAILABLE)).toBeNull();
    await expect(box).toBeEnabled();
  },
};

/** A send that fails keeps its text with Retry; Retry sends it (same idempotency key). */
export const SendFailsThenRetry: Story = {
  globals: NO_FAULT,
  parameters: {
    ...sandbox({ fault: { status: 500, route: `POST ${MC}/v1/messages`, times: 1 } }),
  },
  play: async (context) => {
    const { canvas, box } = await ready(context.canvasElement);
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await typeText(box, 'Can you send a photo of the leak?');
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(box).toHaveValue('');
    const failed = await canvas.findByText('Not sent.');
    const bubble = failed.closest('[data-state]') as HTMLElement;
    await expect(within(bubble).getByText('Can you send a photo of the leak?')).toBeVisible();
    await userEvent.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(canvas.queryByText('Not sent.')).toBeNull());
    const sends = sandboxOf(context).gateway.store.requests.filter((r) => r.method === 'POST' && r.path === `${MC}/v1/messages`);
    await expect(sends).toHaveLength(2);
    await expect(sends[1]?.headers['idempotency-key']).toBe(sends[0]?.headers['idempotency-key']);
    await waitFor(() => expect(canvas.getAllByText('Can you send a photo of the leak?')).toHaveLength(1));
    // Its line grows as it is delivered ('· Delivered' after its time): the list, at its end, stays there.
    const list = canvas.getByRole('region', { name: 'Messages' });
    await waitFor(() => expect(ownBubble(list, 'Can you send a photo of the leak?').state()).toBe(localized('Delivered')));
    await waitFor(() => expect(list.scrollHeight - list.clientHeight - list.scrollTop).toBeLessThanOrEqual(1));
  },
};

/** A send in flight shows 'Sending…': a clock in its bubble, the word before its time (the message center answers slowly here). */
export const Sending: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { latency: 600_000, route: `POST ${MC}/v1/messages` } }),
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    await typeText(box, 'On my way!');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText('Sending…', { selector: '[part="message-state"]' })).toBeVisible();
    await expect(canvas.getByText('On my way!')).toBeVisible();
    const { bubble, state } = ownBubble(canvas.getByRole('region', { name: 'Messages' }), 'On my way!');
    await expect(state()).toBe(localized('Sending…'));
    await expect(bubble.querySelector('[part="message-state-icon"]')).toHaveAttribute('data-state', 'sending');
  },
};

/** The bubble of `text` (stored or pending) and its state as a screen reader hears it. */
function ownBubble(list: HTMLElement, text: string) {
  const bubble = within(list).getByText(text).closest('[part~="message"]') as HTMLElement;
  return { bubble, state: () => bubble.querySelector('[part="message-state-icon"]')?.textContent ?? null };
}

/**
 * A message the conversation holds is 'Delivered' (two grey ticks, and the word before
 * the newest message's time); once the customer has read it, 'Read' (the ticks in colour).
 */
export const DeliveredThenRead: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { canvas, box } = await ready(context.canvasElement);
    await typeText(box, 'On my way!');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const list = canvas.getByRole('region', { name: 'Messages' });
    const words = await canvas.findByText('Delivered', { selector: '[part="message-state"]' });
    await expect(words.closest('[part="message-time"]')?.previousElementSibling?.textContent).toContain('On my way!');
    await expect(canvas.queryByText('Sending…')).toBeNull();
    const { bubble, state } = ownBubble(list, 'On my way!');
    await expect(state()).toBe(localized('Delivered'));
    // Where the bubble sits in the list's content (its scroll aside: the list may still be
    // gliding to its newest message on a busy machine).
    const placed = () => {
      const [at, inList] = [bubble.getBoundingClientRect(), list.getBoundingClientRect()];
      return [at.x - inList.x, at.y - inList.y + list.scrollTop, at.width, at.height];
    };
    const before = placed();
    // The customer opens the thread on their side.
    const { gateway } = sandboxOf(context);
    gateway.chat.markAllRead(gateway.chat.conversation(gateway.chat.conversationSid(1001, 5001))!, 'member-5001');
    await waitFor(() => expect(state()).toBe(localized('Read')));
    await expect(canvas.getByText('Read', { selector: '[part="message-state"]' })).toBeVisible();
    await expect(bubble.querySelector('[part="message-state-icon"]')).toHaveAttribute('data-state', 'read');
    // Nothing moved: the state changed inside the corner kept for it.
    await expect(placed()).toEqual(before);
  },
};

/** The simulated customer reads, types ('Jordan Rivera is typing…') and answers; the ticks go to read on the way. */
export const CustomerReadsTypesAndAnswers: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { gateway } = sandboxOf(context);
    gateway.chat.setCustomerReplies({ delayMs: 1500 });
    const { canvas, box } = await ready(context.canvasElement);
    await typeText(box, 'Can I come by at 9?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const list = canvas.getByRole('region', { name: 'Messages' });
    await waitFor(() => expect(ownBubble(list, 'Can I come by at 9?').state()).toBe(localized('Delivered')));
    await expect(await canvas.findByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' })).toBeVisible();
    await expect(ownBubble(list, 'Can I come by at 9?').state()).toBe(localized('Read'));
    await expect(await within(list).findByText('Thanks for getting back to me!')).toBeVisible();
    await expect(canvas.queryByText('Jordan Rivera is typing…')).toBeNull();
    gateway.chat.setCustomerReplies(false);
  },
};

/** The customer typing, between the list and the composer (a signal lasts 5 s). */
export const CustomerTyping: Story = {
  globals: NO_FAULT,
  play: async (context) => {
    const { canvas } = await ready(context.canvasElement);
    const { gateway } = sandboxOf(context);
    gateway.chat.setTyping(gateway.chat.conversation(gateway.chat.conversationSid(1001, 5001))!, 'member-5001', true);
    await expect(await canvas.findByText('Jordan Rivera is typing…', { selector: '[part="typing-indicator"]' })).toBeVisible();
    // Said once, politely, to screen readers.
    const live = canvas.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');
    await expect(live).toHaveTextContent(localized('Jordan Rivera is typing…'));
  },
};

/** Messages of other days (the widget's clock says today is June 11, 2025), written into the sandbox before the thread opens. */
/** A message of Zoe Vargas's thread (5005) written at `at` (the sandbox's chat keeps it in its store). */
function writeMessage(gateway: SandboxGateway, at: string, fromProvider: boolean, text: string) {
  gateway.store.threadFor(1001, 5005);
  gateway.store.messages.push({
    messageId: `msg-story-${gateway.store.next('message')}`,
    spId: 1001,
    memberId: 5005,
    leadId: SANDBOX_LEADS.maskedActive,
    authorId: fromProvider ? 1001 : 5005,
    authorType: fromProvider ? 'ServiceProvider' : 'Member',
    text,
    createDate: at,
    pageName: null,
    contactPlacementType: null,
  });
}

function messagesOnDays(gateway: SandboxGateway) {
  const write = (at: string, fromProvider: boolean, text: string) => writeMessage(gateway, at, fromProvider, text);
  write('2025-06-06T15:00:00Z', false, 'Hi! Do you replace garbage disposals?');
  write('2025-06-06T15:20:00Z', true, 'We do. Which model do you have?');
  write('2025-06-10T14:00:00Z', false, 'An InSinkErator Badger 5.');
  write('2025-06-11T13:30:00Z', true, 'We have one in stock. Thursday at 10?');
}

/** 'Today', 'Yesterday', then the date, between messages of different days; bubbles keep their time. */
export const DaySeparators: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  beforeEach: prepareWith(messagesOnDays),
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    const list = canvas.getByRole('region', { name: 'Messages' });
    await within(list).findByText('We have one in stock. Thursday at 10?');
    const days = within(list).getAllByRole('heading', { level: 2 });
    await expect(days.map((day) => day.textContent)).toEqual([
      formats().messageDay(new Date('2025-06-06T15:00:00Z')),
      localized('Yesterday'),
      localized('Today'),
    ]);
  },
};

/** The bubbles of messagesOnDays (oldest first) with the time shown beside each, and their times as written. */
function bubblesWithTimes(list: HTMLElement) {
  const bubbles = within(list).getAllByRole('group');
  const times = ['2025-06-06T15:00:00Z', '2025-06-06T15:20:00Z', '2025-06-10T14:00:00Z', '2025-06-11T13:30:00Z'].map((iso) => new Date(iso));
  return bubbles.map((bubble, i) => ({ bubble, beside: bubble.querySelector('[part="message-time-beside"]') as HTMLElement, at: times[i]! }));
}

/** The lines under the bubbles: the line, its full timestamp, the state in words (the newest own message's). */
function groupLines(list: HTMLElement) {
  return [...list.querySelectorAll<HTMLElement>('[part="message-time"]')].map((line) => ({
    line,
    time: line.querySelector<HTMLElement>('.lk-msg__stamp-time'),
    words: line.querySelector<HTMLElement>('[part="message-state"]'),
  }));
}

async function daysThread(canvasElement: HTMLElement) {
  const { canvas } = await ready(canvasElement);
  const list = canvas.getByRole('region', { name: 'Messages' });
  await within(list).findByText('We have one in stock. Thursday at 10?');
  const bubbles = bubblesWithTimes(list);
  await expect(bubbles).toHaveLength(4);
  // For screen readers, on every width: each bubble described by its full timestamp.
  for (const { bubble, at } of bubbles) await expect(bubble).toHaveAccessibleDescription(expect.stringContaining(formats().messageTimestamp(at)));
  return { list, bubbles };
}

/**
 * A wide thread (a desktop): each message's full timestamp (spec §2: 'Monday, June 1, 2020
 * 3:00 PM') on the line under its bubble, once — no time beside the bubble saying it again.
 */
export const MessageTimesWide: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  beforeEach: prepareWith(messagesOnDays),
  play: async ({ canvasElement }) => {
    const { list, bubbles } = await daysThread(canvasElement);
    const lines = groupLines(list);
    await expect(lines.length).toBe(bubbles.length);
    for (const [i, { bubble, beside, at }] of bubbles.entries()) {
      const { line, time } = lines[i]!;
      await expect(bubble.nextElementSibling).toBe(line);
      await expect(time).toBeVisible();
      await expect(time).toHaveTextContent(formats().messageTimestamp(at));
      await expect(beside).not.toBeVisible();
      // Under the bubble, on its side.
      const [box, stamp] = [bubble.getBoundingClientRect(), line.getBoundingClientRect()];
      await expect(stamp.top).toBeGreaterThanOrEqual(box.bottom);
      if (bubble.dataset.own === 'true') await expect(Math.round(stamp.right)).toBeGreaterThanOrEqual(Math.round(box.right) - 1);
      else await expect(Math.round(stamp.left)).toBeLessThanOrEqual(Math.round(box.left) + 1);
    }
  },
};

/**
 * A narrow thread (a 390 px phone): the times stay out of the way; a tap on a
 * bubble shows its time, so does keyboard focus — nothing moves. Ends with the newest bubble's
 * time shown by a tap. (A second tap hides it: test/e2e/phone.test.ts, with real taps — this
 * story's clicks are synthetic, and Chrome takes their focus for keyboard focus.)
 */
export const MessageTimesNarrow: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  render: threadAt(390),
  beforeEach: prepareWith(messagesOnDays),
  play: async ({ canvasElement }) => {
    const { list, bubbles } = await daysThread(canvasElement);
    // Each group's full timestamp on the line under it.
    for (const { time } of groupLines(list)) await expect(time).toBeVisible();
    // Shown: fully (after its fade); the others: gone (visibility turns hidden at the fade's end).
    const shown = () => {
      const styles = bubbles.map(({ bubble, beside }) => ({ bubble, style: getComputedStyle(beside) }));
      if (styles.some(({ style }) => style.visibility === 'visible' && style.opacity !== '1')) return null;
      return styles.filter(({ style }) => style.visibility === 'visible').map(({ bubble }) => bubble);
    };
    await expect(shown()).toEqual([]);
    const newest = bubbles.at(-1)!;
    const previous = bubbles.at(-2)!;
    const before = newest.bubble.getBoundingClientRect().toJSON() as DOMRect;
    await userEvent.click(within(newest.bubble).getByText('We have one in stock. Thursday at 10?'));
    await waitFor(() => expect(shown()).toEqual([newest.bubble]));
    await expect(newest.beside).toHaveTextContent(formats().messageTime(newest.at));
    await expect(newest.bubble.getBoundingClientRect().toJSON()).toEqual(before);
    // The keyboard: ArrowUp focuses the bubble before, which shows its time too; End goes back.
    // (Pressed on the focused bubble: user-event's keys go to the shadow host.)
    const press = (key: string) =>
      (newest.bubble.getRootNode() as ShadowRoot).activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
    await expectFocused(newest.bubble);
    press('ArrowUp');
    await expectFocused(previous.bubble);
    await waitFor(() => expect(shown()).toEqual([previous.bubble, newest.bubble]));
    // Inside the row: nothing sideways.
    await expect(previous.beside.getBoundingClientRect().right).toBeLessThanOrEqual(previous.bubble.closest('li')!.getBoundingClientRect().right);
    press('End');
    await expectFocused(newest.bubble);
    await waitFor(() => expect(shown()).toEqual([newest.bubble]));
  },
};

/**
 * A long thread on the sandbox's clock (the widget's `now`): nine messages a day on the day before
 * yesterday, yesterday and today (June 9, 10 and 11), the two sides in turn, 50 minutes apart, the
 * last 45 minutes before now — none after it ('Today' at 6:05 PM read 3:30 PM on the clock).
 */
function longDay(gateway: SandboxGateway) {
  const now = gateway.store.clock().getTime();
  for (const daysBack of [2, 1, 0]) {
    for (let i = 0; i < 9; i++) {
      const at = new Date(now - daysBack * 86_400_000 - (45 + (8 - i) * 50) * 60_000).toISOString();
      writeMessage(gateway, at, i % 2 === 1, `About the disposal, ${at.slice(5, 10)} (${i + 1})`);
    }
  }
}

/** The reader scrolls the list to `top` (a wheel turned, then the scroll: the list tells the reader's scrolls from its own). */
function scrollByReader(list: HTMLElement, top: number) {
  list.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
  list.scrollTop = top;
  list.dispatchEvent(new Event('scroll'));
}

/**
 * Scrolls the list into the day its separator `day` names, past the separator ('Yesterday': June 10
 * at its top): from the top down, a screen at a time as a reader scrolls, until the separator's row
 * is rendered (the list renders the rows near its view only: on a narrow phone the messages wrap
 * to more lines, and the day starts screens further down).
 */
async function scrollIntoDay(list: HTMLElement, day: string) {
  scrollByReader(list, 0);
  const separator = () => within(list).queryByRole('heading', { level: 2, name: day });
  await waitFor(() => {
    if (separator()) return;
    list.scrollTop += list.clientHeight * 0.8;
    list.dispatchEvent(new Event('scroll'));
    throw new Error(`no '${day}' separator near the list's view yet`);
  });
  const row = separator()!.closest('li')!;
  list.scrollTop += row.getBoundingClientRect().top - list.getBoundingClientRect().top + 80;
  list.dispatchEvent(new Event('scroll'));
}

async function longDayThread(canvasElement: HTMLElement) {
  const { canvas } = await ready(canvasElement);
  const list = canvas.getByRole('region', { name: 'Messages' });
  await within(list).findByText('About the disposal, 06-11 (9)');
  return { canvas, list, pinned: () => list.parentElement!.querySelector('[part="pinned-day"]') };
}

/**
 * Mid-scroll on a long thread: the day of the messages at the list's top stays pinned there
 * (a copy for the eye: the separator is the day's one heading), and 'Jump to newest' floats
 * over the list's bottom end.
 */
export const LongDayPinnedDay: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  beforeEach: prepareWith(longDay),
  play: async ({ canvasElement }) => {
    const { canvas, list, pinned } = await longDayThread(canvasElement);
    // At rest at its newest message, no 'Jump to newest'. (Under a busy machine it can still show
    // for a moment while the list's rows are measured; the widget's test of the opening is in
    // message-thread.test.tsx.)
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Jump to newest' })).toBeNull());
    await scrollIntoDay(list, 'Yesterday');
    await waitFor(() => expect(pinned()?.textContent).toBe(localized('Yesterday')));
    await expect(pinned()).toHaveAttribute('aria-hidden', 'true');
    await expect(await canvas.findByRole('button', { name: 'Jump to newest' })).toBeVisible();
  },
};

/** Scrolled up while the customer writes: the button counts their messages below; the list stays. */
export const JumpToNewestWithCount: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  beforeEach: prepareWith(longDay),
  play: async (context) => {
    const { canvas, list } = await longDayThread(context.canvasElement);
    await scrollIntoDay(list, 'Yesterday');
    await canvas.findByRole('button', { name: 'Jump to newest' });
    const at = list.scrollTop;
    const { chat } = sandboxOf(context).gateway;
    for (const text of ['Are you still coming?', 'The gate code is 4321.', 'Call me when you are close.']) {
      chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text });
    }
    const button = await canvas.findByRole('button', { name: '3 new messages, jump to newest' });
    await expect(button).toHaveTextContent(localized('3 new messages'));
    await expect(Math.abs(list.scrollTop - at)).toBeLessThanOrEqual(1);
    const box = button.getBoundingClientRect();
    await expect(box.height).toBeGreaterThanOrEqual(44);
    // Its words on one line, in every language (in es-US at 390 px they wrapped in two).
    const words = button.querySelector('span')!;
    await expect(words.getBoundingClientRect().height).toBeLessThan(parseFloat(getComputedStyle(words).lineHeight) * 1.5);
  },
};

/** es-US: 'Ayer' pinned, and the count in Spanish ('2 mensajes nuevos'). */
export const JumpToNewestInSpanish: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  parameters: { locale: 'es-US' },
  beforeEach: prepareWith(longDay),
  play: async (context) => {
    const { canvas } = await shadowOf(context.canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Adjuntar un archivo' })).toBeEnabled());
    const list = canvas.getByRole('region', { name: 'Mensajes' });
    await within(list).findByText('About the disposal, 06-11 (9)');
    await scrollIntoDay(list, 'Ayer');
    await waitFor(() => expect(list.parentElement!.querySelector('[part="pinned-day"]')?.textContent).toBe('Ayer'));
    await canvas.findByRole('button', { name: 'Ir a lo más reciente' });
    const { chat } = sandboxOf(context).gateway;
    chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text: '¿Sigue en pie?' });
    chat.post({ spId: 1001, memberId: 5005, leadId: null, fromProvider: false, text: 'Le dejo la puerta abierta.' });
    await expect(await canvas.findByRole('button', { name: '2 mensajes nuevos, ir a lo más reciente' })).toHaveTextContent('2 mensajes nuevos');
  },
};

/** Twelve more messages from Jordan Rivera since the provider last read the thread. */
function unreadMessages(gateway: SandboxGateway) {
  for (let i = 1; i <= 12; i++) gateway.chat.post({ spId: 1001, memberId: 5001, leadId: null, fromProvider: false, text: `Another question (${i})` });
}

/** A thread opened with unread messages opens at 'New messages', above the first of them, not at the bottom. */
export const NewMessagesOnOpen: Story = {
  globals: NO_FAULT,
  beforeEach: prepareWith(unreadMessages),
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    const list = canvas.getByRole('region', { name: 'Messages' });
    const marker = await within(list).findByText('New messages');
    await expect(marker.closest('li')?.textContent).toContain('Thursday afternoon would be great.');
    // In view at the top of the list; the newest message is further down, out of view.
    await waitFor(() => {
      const box = list.getBoundingClientRect();
      const line = marker.getBoundingClientRect();
      expect(line.top).toBeGreaterThanOrEqual(box.top);
      expect(line.bottom).toBeLessThanOrEqual(box.top + box.height / 3);
    });
    const newest = within(list).queryByText('Another question (12)');
    if (newest) await expect(newest.getBoundingClientRect().top).toBeGreaterThanOrEqual(list.getBoundingClientRect().bottom);
  },
};

/** A file that is not a JPEG or PNG (by content) and one over 150 MB; each message shows 10 s. */
export const AttachmentErrors: Story = {
  globals: NO_FAULT,
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    const input = canvasElement.querySelector('[data-testid]')?.shadowRoot?.querySelector('input[type="file"]') as HTMLInputElement;
    const pick = (file: File) => {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    pick(new File(['plain text'], 'notes.png', { type: 'image/png' }));
    await expect(await canvas.findByText('You can only send JPEG, JPG, or PNG images. Please try again.')).toBeVisible();
    await expect(input.value).toBe('');
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 157_286_401 });
    pick(huge);
    await expect(await canvas.findByText('File size cannot exceed 150MB. Please try again.')).toBeVisible();
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
    await expect(box).toBeEnabled();
  },
};

/** The chat cannot be set up: the message, a disabled composer and 'Try again'. */
export const ChatUnavailable: Story = {
  globals: NO_FAULT,
  parameters: sandbox({ fault: { status: 503, route: `POST ${MC}/v1/chat/session` } }),
  play: async ({ canvasElement }) => {
    const { canvas, box } = await thread(canvasElement);
    await expect(await canvas.findByText(UNAVAILABLE)).toBeVisible();
    await expect(box).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
    // The service may be back the next time: 'Try again' opens the chat anew.
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** 'Contact' opens 'Contact {member name}' with the phone as a link (masked number still active). */
export const ContactModalActive: Story = {
  globals: NO_FAULT,
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  play: async ({ canvasElement }) => {
    const { canvas } = await thread(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Contact' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Contact Zoe Vargas' });
    await expect(within(dialog).getByRole('heading', { name: 'Preferred Contact Information' })).toBeVisible();
    await expect(await within(dialog).findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+1\d{10}$/),
    );
  },
};

/** A masked number past its life shows 'Expired' in the contact modal. */
export const ContactModalExpired: Story = {
  globals: NO_FAULT,
  args: { userId: 5006, leadId: SANDBOX_LEADS.maskedExpired },
  play: async ({ canvasElement }) => {
    const { canvas } = await thread(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Contact' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Contact Carmen Rossi' });
    await expect(await within(dialog).findByText('Expired')).toBeVisible();
    await expect(within(dialog).queryByRole('link')).toBeNull();
  },
};

/** 'Message History': the earlier messages, read only, four at a time, 'Show older messages' for more. */
export const MessageHistory: Story = {
  globals: NO_FAULT,
  args: { archived: true },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Message history with Jordan Rivera' })).toBeVisible();
    const list = await canvas.findByRole('region', { name: 'Earlier messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    await expect(within(list).getByText('Glad to hear it! Reach out any time.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Messages' })).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show older messages' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
  },
};

/** 'Message History' with nobody's earlier messages: says so. */
export const MessageHistoryEmpty: Story = {
  globals: NO_FAULT,
  args: { archived: true, userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByText('There are no earlier messages with Zoe Vargas.')).toBeVisible();
  },
};

/** es-US: the conversation in Spanish; dates with Spanish names, own messages on the inline end. */
export const InSpanish: Story = {
  tags: ['data'],
  parameters: { locale: 'es-US' },
  play: orFaultState(async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Escriba un mensaje...' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Adjuntar un archivo' })).toBeEnabled());
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sus mensajes con Jordan Rivera' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ver todos los clientes potenciales' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Mensajes' })).toBeVisible();
  }),
};

/** An Arabic host page (`dir="rtl"`) and texts 40 % longer: bubbles and breadcrumb mirror. */
export const RightToLeftLongTexts: Story = {
  globals: NO_FAULT,
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: pseudoLocalize('Write a message...') })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: pseudoLocalize('Attach a file') })).toBeEnabled());
    await expect(getComputedStyle(root.host).direction).toBe('rtl');
  },
};
