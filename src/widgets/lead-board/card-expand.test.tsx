import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';
import type * as BoardHooks from './board-hooks';

/** The board's renders, counted through one of its hooks (it calls useOpenLead once a render). */
const renders = vi.hoisted(() => ({ board: 0 }));
vi.mock('./board-hooks', async (importOriginal) => {
  const hooks = await importOriginal<typeof BoardHooks>();
  return {
    ...hooks,
    useOpenLead: (...args: Parameters<typeof hooks.useOpenLead>) => {
      renders.board++;
      return hooks.useOpenLead(...args);
    },
  };
});

afterEach(cleanup);
beforeAll(preloadBoardParts);

const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const toggle = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .find((button) => button.hasAttribute('aria-expanded'))!;

describe('<LeadBoardRoot> card expand', () => {
  it('opens and closes cards without rendering the board again: each card follows whether it is the open one', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    await screen.findByRole('combobox', { name: 'Customer name' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
    // The first lead opened by itself and was marked read (the board renders again for that change).
    await waitFor(() => expect(view.received('POST', READ_PATH)).toHaveLength(1));
    const [first] = cards();
    const second = cards().find((card, index) => index > 0 && within(card).queryByRole('button', { name: 'Unread lead, mark as read' }));
    await waitFor(() => expect(within(first!).getByRole('button', { name: 'Read lead, mark as unread' })).toBeTruthy());
    // And the page went idle: the board then fetched the other actions' code (it renders again to say so).
    await waitFor(() => expect(first!.closest('[part~="lead-board"]')?.getAttribute('data-actions')).toBe('ready'), { timeout: FIRST_PAGE_TIMEOUT_MS });
    const before = renders.board;

    // The open card closes, opens again, and the second opens in its place (read leads only: marking one read changes the page).
    await userEvent.click(toggle(first!));
    expect(toggle(first!).getAttribute('aria-expanded')).toBe('false');
    expect(first!.dataset.expanded).toBe('false');
    await userEvent.click(toggle(first!));
    expect(toggle(first!).getAttribute('aria-expanded')).toBe('true');
    expect(within(first!).getByRole('combobox', { name: 'Lead status' })).toBeTruthy();
    expect(renders.board).toBe(before);

    // Opening an unread lead opens it in place of the other, then marks it read (a change of the page the board shows).
    await userEvent.click(toggle(second!));
    expect([toggle(first!).getAttribute('aria-expanded'), toggle(second!).getAttribute('aria-expanded')]).toEqual(['false', 'true']);
    expect(within(second!).getByRole('combobox', { name: 'Lead status' })).toBeTruthy();
    expect(within(first!).queryByRole('combobox', { name: 'Lead status' })).toBeNull();
    await waitFor(() => expect(view.received('POST', READ_PATH).at(-1)?.body).toEqual({ leadId: Number(second!.dataset.leadId), read: true }));
  });
});
