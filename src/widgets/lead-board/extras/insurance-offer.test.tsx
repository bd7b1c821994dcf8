import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS } from '../../../../test/support/lead-board';
import { INSURANCE_HIDDEN_STORAGE_KEY } from './insurance-offer';
import { BoardList } from '../board-loaders';
import { LeadCardBody } from '../card/card-body-loader';
import { DateRangePicker } from '../filters/date-range-picker-loader';
import { FilterPanel, QuickCount } from '../filters/filter-loaders';

/**
 * The open card's insurance offer comes with the card's extras part, after the card's first
 * frame; until then its place is held. Here that part's module is held until a test lets it
 * go (a chunk still on its way), so the card's first frames can be looked at.
 */
const extras = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('./card-extras-part', async (importOriginal) => {
  await extras.arrived;
  return importOriginal();
});

beforeAll(async () => {
  // Every other part of the board is here before the tests start (board-test-setup's list, without the extras).
  await Promise.all([BoardList.preload(), LeadCardBody.preload(), FilterPanel.preload(), QuickCount.preload(), DateRangePicker.preload()]);
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** The board with `leadId` first and open, its extras part still on its way. */
async function openLead(leadId: number) {
  const view = renderWidget(<LeadBoardRoot spId={1001} leadId={leadId} />, LEAD_BOARD_CATALOGUE);
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === leadId)!;
  await within(card).findByRole('combobox', { name: 'Lead status' });
  return { ...view, card };
}
const placeholderIn = (card: HTMLElement) => card.querySelector<HTMLElement>('.lk-insurance--placeholder');

// In this order: the last one lets the part come.
describe("the open card's insurance offer while its code is on its way", () => {
  it('holds nothing for a lead whose offer the pro hid (Not for this job, in this browser)', async () => {
    window.localStorage.setItem(INSURANCE_HIDDEN_STORAGE_KEY, JSON.stringify([String(SANDBOX_LEADS.newest)]));
    const { card } = await openLead(SANDBOX_LEADS.newest);
    expect(placeholderIn(card)).toBeNull();
  });

  it('holds nothing for a lead without an insurer link', async () => {
    const { sandbox } = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    const without = sandbox.store.leads.find((lead) => lead.assignments.some((a) => a.spId === 1001 && !a.thimbleUrl && !a.archived && a.displayed));
    expect(without).toBeDefined();
    cleanup();
    const { card } = await openLead(without!.leadId);
    expect(placeholderIn(card)).toBeNull();
  });

  it("holds the offer's place with its own text and layout, hidden from assistive technology and the keyboard; the live offer takes it", async () => {
    const { card } = await openLead(SANDBOX_LEADS.newest);
    const placeholder = placeholderIn(card);
    expect(placeholder).not.toBeNull();
    expect(placeholder!.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder!.hasAttribute('inert')).toBe(true);
    // The same text as the offer's (so the same height), after the lead's own details.
    expect(placeholder!.textContent).toBe('Liability insurance for your business starting at $30/month' + 'Get a quote');
    expect(within(card).getByRole('heading', { name: 'Your Notes' }).compareDocumentPosition(placeholder!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Nothing of it reaches the accessibility tree or the tab order.
    expect(within(card).queryByRole('link', { name: /Get a quote/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Dismiss insurance offer' })).toBeNull();

    await act(async () => extras.release());
    expect(await within(card).findByRole('link', { name: 'Get a quote (opens in a new tab)' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Dismiss insurance offer' })).toBeTruthy();
    expect(placeholderIn(card)).toBeNull();
  });
});
