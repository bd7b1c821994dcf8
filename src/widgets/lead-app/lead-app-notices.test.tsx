import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderWidget } from '../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';
import { LeadAppRoot } from './lead-app';
import { LEAD_APP_CATALOGUE } from './lead-app-messages';
import { LeadBoardPart } from './route-loaders';

/**
 * The office app's board route and the page title's count of new leads
 * (docs/widgets/lead-board.md#new-lead-notifications): the app owns its page, so it counts by
 * default (a bare `<lead-board>` does not) — before the app's 'Business Center' while the page is
 * hidden — and leaves it out with `no-title-count`.
 */
const FIRST_CHECK_MS = 30_000;

beforeAll(async () => {
  await Promise.all([preloadBoardParts(), LeadBoardPart.preload()]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await vi.dynamicImportSettled();
  cleanup();
});

async function boardRouteWithLeadWhileHidden(noTitleCount: boolean) {
  window.history.pushState(null, '', '/app/lead/board/1001');
  const view = renderWidget(<LeadAppRoot base="/app" spId={1001} noTitleCount={noTitleCount} />, LEAD_APP_CATALOGUE);
  await screen.findByText(/^Showing 1 - 10 of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  // The board's new-leads part is there (after the first card, once the page is idle).
  await waitFor(() => expect(view.container.querySelector('[part="notify-new-leads"]')).not.toBeNull());
  await act(async () => {});
  expect(document.title).toBe('Business Center');
  const hidden = [vi.spyOn(document, 'hidden', 'get').mockReturnValue(true), vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')];
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  view.sandbox.createLead({ serviceProviderId: 1001 });
  await act(() => vi.advanceTimersByTimeAsync(FIRST_CHECK_MS));
  /** The page shown again. */
  const show = async () => {
    for (const spy of hidden) spy.mockRestore();
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };
  return { view, show };
}

describe('<LeadAppRoot> board route: the title count', () => {
  it("counts a lead that arrived while the page was hidden before 'Business Center', without being asked", async () => {
    await boardRouteWithLeadWhileHidden(false);
    await waitFor(() => expect(document.title).toBe('(1) Business Center'));
  }, 60_000);

  it('with no-title-count, leaves the title as the app sets it', async () => {
    const titles: string[] = [];
    const setTitle = Object.getOwnPropertyDescriptor(Document.prototype, 'title')?.set;
    vi.spyOn(document, 'title', 'set').mockImplementation(function (this: Document, title: string) {
      titles.push(title);
      setTitle?.call(this, title);
    });
    const { show } = await boardRouteWithLeadWhileHidden(true);
    // Shown again: the check skipped while hidden (nothing watched for the pro there) comes now and finds the lead.
    await show();
    await screen.findByRole('button', { name: '1 new lead' });
    expect(titles.filter((title) => /^\(\d+\)/.test(title))).toEqual([]);
    expect(document.title).toBe('Business Center');
  }, 60_000);
});
