import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';

/**
 * The outbox's engine (outbox-engine.ts) is not in the board's first chunk: the board fetches it
 * once the page is idle after the first card. Offline before it arrived, its code cannot load, so
 * a change made then fails as any failed call — rolled back, said — and never shows as kept
 * ('Not sent yet') when nothing keeps it.
 *
 * Its code that cannot do its work: each export throws the browser's failed-import error when
 * called (outbox-calls.ts calls it inside the same try as the import). A factory that throws was
 * tried first and is not reliable: once the board's idle load had met the thrown error, a later
 * import could get the real module (2 runs in 4 on a busy machine, and in CI). The test goes
 * offline once the board's idle load has met that error: an import of the mocked module started
 * while another was under way never settled on a busy machine (1 run in 3) — vitest's mocking, not
 * a browser's, where both settle.
 */
const engine = vi.hoisted(() => ({ idleLoadFailed: false }));
vi.mock('./outbox-engine', () => {
  const notLoaded = () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  };
  return {
    queueChange: notLoaded,
    loadOutbox: notLoaded,
    replayOutbox: notLoaded,
    resolveConflict: notLoaded,
    clearOutboxOnSignOut: notLoaded,
    // What the board's idle load (board-loaders.ts preloadOutbox) calls.
    deviceOutbox: () => {
      engine.idleLoadFailed = true;
      notLoaded();
    },
  };
});

const SHOWING = /^Showing \d+ - \d+ of \d+ results$/;
const READ_PATH = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';
let online = true;

beforeAll(async () => {
  await preloadBoardParts();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  cleanup();
  online = true;
});

const cards = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
const cardOf = (leadId: number) => cards().find((card) => Number(card.dataset.leadId) === leadId)!;

describe('offline before the outbox’s code arrived', () => {
  const lead = SANDBOX_LEADS.newest; // New, first, open

  it('a status chosen then rolls back with the failure text; nothing says it is kept', async () => {
    const view = renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE);
    await screen.findByText(SHOWING, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
    await waitFor(() => expect(view.received('POST', READ_PATH).length).toBe(1), { timeout: FIRST_PAGE_TIMEOUT_MS });
    await waitFor(() => expect(engine.idleLoadFailed).toBe(true), { timeout: FIRST_PAGE_TIMEOUT_MS });
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    const select = within(cardOf(lead)).getByRole<HTMLSelectElement>('combobox', { name: 'Lead status' });
    fireEvent.change(select, { target: { value: 'Selling' } });
    fireEvent.blur(select);
    expect(
      await within(cardOf(lead)).findByText('We could not change the status of this lead. Please try again.', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS }),
    ).toBeTruthy();
    expect(within(cardOf(lead)).getByRole('combobox', { name: 'Lead status' })).toHaveProperty('value', 'Initial');
    expect(within(cardOf(lead)).queryByText('Not sent yet')).toBeNull();
    expect(screen.queryByText(/waits? for a connection/)).toBeNull();
  });
});
