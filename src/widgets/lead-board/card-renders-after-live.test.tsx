import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderWidget } from '../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';
import type * as QuickReplyAction from './card/quick-reply-action';

/** Each card's renders, by lead id, counted through one of its hooks (a card calls useQuickReply once a render). */
const renders = vi.hoisted(() => new Map<number, number>());
vi.mock('./card/quick-reply-action', async (importOriginal) => {
  const action = await importOriginal<typeof QuickReplyAction>();
  return {
    ...action,
    useQuickReply: (...args: Parameters<typeof action.useQuickReply>) => {
      renders.set(args[0].leadId, (renders.get(args[0].leadId) ?? 0) + 1);
      return action.useQuickReply(...args);
    },
  };
});

afterEach(cleanup);
beforeAll(preloadBoardParts);

const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const leadId = (card: HTMLElement) => Number(card.dataset.leadId);

describe('<LeadBoardRoot> once live', () => {
  it('renders again only the cards whose content changes: the first card opening by itself and the parts arriving after render no other card', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    // What each card showed, and how often it had rendered, when the board said it was live.
    let atLive: { html: Map<number, string>; renders: Map<number, number> } | null = null;
    view.host.addEventListener('lk-load', () => {
      atLive ??= { html: new Map(cards().map((card) => [leadId(card), card.outerHTML])), renders: new Map(renders) };
    });
    await waitFor(() => expect(atLive).not.toBeNull(), { timeout: FIRST_PAGE_TIMEOUT_MS });
    // After live: the first card opens by itself (it was open already) and is marked read, the
    // page goes idle and the code of every other action arrives (catalogue parts with it).
    await waitFor(() => expect(view.received('POST', READ_PATH)).toHaveLength(1));
    const [first] = cards();
    await waitFor(() => expect(within(first!).getByRole('button', { name: 'Read lead, mark as unread' })).toBeTruthy());
    await waitFor(() => expect(first!.closest('[part~="lead-board"]')?.getAttribute('data-actions')).toBe('ready'), { timeout: FIRST_PAGE_TIMEOUT_MS });
    expect(first!.dataset.expanded).toBe('true');

    const live = atLive!;
    const since = (id: number) => (renders.get(id) ?? 0) - (live.renders.get(id) ?? 0);
    const unchanged = cards().filter((card) => live.html.get(leadId(card)) === card.outerHTML);
    // Nine cards show what they showed (the first one's read state changed: it renders again for that).
    expect(unchanged.length).toBeGreaterThanOrEqual(cards().length - 1);
    expect(unchanged.map((card) => [leadId(card), since(leadId(card))])).toEqual(unchanged.map((card) => [leadId(card), 0]));
    expect(since(leadId(first!))).toBeGreaterThan(0);
  });
});
