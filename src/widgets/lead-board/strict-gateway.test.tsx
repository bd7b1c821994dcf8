import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import type { StrictRule } from '../../../test/helpers/strict-answers';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';

/**
 * The board against a gateway that answers writes the strict way (204, an empty
 * body, `{}`) and a provider-info answer of another shape. The sandbox's routes still run (the
 * change is made, as a real gateway makes it); only the answers the board reads are replaced.
 */
afterEach(cleanup);
beforeAll(preloadBoardParts);

const PROVIDER_INFO = 'GET /gateway/office-home/v4/service_provider';
const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const cardOf = (leadId: string) => cards().find((card) => card.dataset.leadId === leadId)!;

async function shownBoard(strict: readonly StrictRule[]) {
  const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { strict });
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return view;
}

/** The board settled: no call of it pending, the list not busy. */
const settled = () => waitFor(() => expect(document.querySelector('.lk-board__list')?.getAttribute('aria-busy')).toBe('false'));

describe('<LeadBoardRoot> against writes answered 204 / empty / {} (no rollback)', () => {
  it('a status change answered 204 stays, with no error', async () => {
    const view = await shownBoard([{ route: 'POST /gateway/lead/office/v2/leads/:id/status', answer: 204 }]);
    const leadId = cards()[0]!.dataset.leadId!;
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Lead status' }), 'ClosedWon');
    await waitFor(() => expect(view.received('POST', `/gateway/lead/office/v2/leads/${leadId}/status`)).toHaveLength(1));
    await settled();
    expect((within(cardOf(leadId)).getByRole('combobox', { name: 'Lead status' }) as HTMLSelectElement).value).toBe('ClosedWon');
    expect(screen.queryByText('We could not change the status of this lead. Please try again.')).toBeNull();
  });

  it('a read toggle answered with an empty body stays, with no error', async () => {
    const view = await shownBoard([{ route: 'POST /gateway/lead/office/v2/leads/serviceprovider/:id/read', answer: 'empty' }]);
    const readPath = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(1));
    const first = cards()[0]!;
    await userEvent.click(await within(first).findByRole('button', { name: 'Read lead, mark as unread' }));
    await waitFor(() => expect(view.received('POST', readPath)).toHaveLength(2));
    await settled();
    expect(within(first).getByRole('button', { name: 'Unread lead, mark as read' })).toBeTruthy();
    expect(screen.queryByText('We could not update this lead. Please try again.')).toBeNull();
  });

  it('an archive answered {} takes the lead off the list for good, with no error', async () => {
    const view = await shownBoard([{ route: 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive', answer: { json: {} } }]);
    const leadId = cards()[0]!.dataset.leadId!;
    await userEvent.click(within(cardOf(leadId)).getByRole('button', { name: 'More actions' }));
    await userEvent.click(within(cardOf(leadId)).getByRole('menuitem', { name: 'Archive Lead' }));
    await waitFor(() => expect(view.received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/archive')).toHaveLength(1));
    await settled();
    expect(cards().map((card) => card.dataset.leadId)).not.toContain(leadId);
    expect(screen.queryByText('We could not archive this lead. Please try again.')).toBeNull();
  });

  it("'Your Notes' answered 204 show the notes sent, with no error", async () => {
    const view = await shownBoard([{ route: 'POST /gateway/lead/office/v2/leads/:id/note', answer: 204 }]);
    const leadId = cards()[0]!.dataset.leadId!;
    await userEvent.click(within(cardOf(leadId)).getByRole('button', { name: 'Edit' }));
    const editor = within(cardOf(leadId)).getByRole('textbox', { name: 'Your Notes' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Bring the long ladder');
    await userEvent.click(within(cardOf(leadId)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.received('POST', `/gateway/lead/office/v2/leads/${leadId}/note`)).toHaveLength(1));
    await settled();
    expect(within(cardOf(leadId)).getByText('Bring the long ladder')).toBeTruthy();
    expect(screen.queryByText('There was an error updating your notes. Please try again later.')).toBeNull();
  });
});

describe('<LeadBoardRoot> provider info of another shape (row O1)', () => {
  it("an answer it cannot read still lists the leads, under 'Your leads'", async () => {
    await shownBoard([{ route: PROVIDER_INFO, answer: { json: { result: 'ok', providers: 'Acme' } } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your leads' })).toBeTruthy();
    expect(cards()).toHaveLength(10);
    expect(screen.queryByText('Sorry, something went wrong. Please try again later.')).toBeNull();
  });

  it("a provider with a null name: 'Your leads' and the list", async () => {
    await shownBoard([{ route: PROVIDER_INFO, answer: { json: { serviceProviders: [{ name: null, primaryAddress: null }] } } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your leads' })).toBeTruthy();
    expect(cards()).toHaveLength(10);
  });

  it('the spec-ish variants name the business: a bare provider, a bare list, unknown fields', async () => {
    const variants: unknown[] = [
      { name: 'Acme Plumbing & Heating', primaryAddress: { postalCode: '80202' } },
      [{ name: 'Acme Plumbing & Heating', primaryAddress: { postalCode: '80202' }, rating: 4.5 }],
      { serviceProviders: [{ serviceProviderId: 1001, name: 'Acme Plumbing & Heating', primaryAddress: { postalCode: null }, extra: { a: 1 } }], total: 1 },
    ];
    for (const json of variants) {
      await shownBoard([{ route: PROVIDER_INFO, answer: { json } }]);
      expect(screen.getByRole('heading', { level: 1, name: 'Leads for Acme Plumbing & Heating' })).toBeTruthy();
      cleanup();
    }
  });
});
