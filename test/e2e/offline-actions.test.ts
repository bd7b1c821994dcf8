/**
 * The board's actions after the connection drops (issue 50 §1, issue 51 §5), in Debian's Chromium
 * against `npm start`'s sandbox: the code of the actions the first screen does not show (the bulk
 * toolbar, the card's extras, new leads…) is not fetched before the first card, and once the
 * first screen is done and the page idle it is (the board says so: `data-actions="ready"` on its
 * root), so a pro who loses the connection after the board loaded can still select two leads and
 * get the bulk toolbar.
 */
import { describe, expect, it } from 'vitest';
import { cdnSourceChunk, UI_TIMEOUT_MS, useE2eSession, visible } from './harness';

const SP_ID = 1001;
const session = useE2eSession({ coldCache: true });

describe("the board's actions offline", () => {
  it('are fetched after the first card, once idle; offline after that, selecting two leads shows the bulk toolbar', async () => {
    const context = await session.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    const bulkChunk = cdnSourceChunk('src/widgets/lead-board/bulk/bulk-part.tsx');
    // The board's first screen, its list among it (one chunk on the CDN build).
    const listChunk = cdnSourceChunk('src/widgets/lead-board/list/board-list.tsx');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // The list's code is held until the test lets it go: until then there is no first card.
    let releaseList: () => void = () => undefined;
    const listHeld = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    let listAsked: () => void = () => undefined;
    const listRequested = new Promise<void>((resolve) => {
      listAsked = resolve;
    });
    await page.route(`**/cdn/${listChunk}`, async (route) => {
      listAsked();
      await listHeld;
      await route.continue();
    });

    await page.goto(`${session.server.origin}/app/lead/board/${SP_ID}`);
    const board = page.locator('#office-app [part="lead-board"]');
    await listRequested;
    // Its page of leads answered (the data went beside the code), no card yet.
    await expect
      .poll(() => asked.filter((path) => path === `/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`).length, { timeout: UI_TIMEOUT_MS })
      .toBe(1);
    expect(await board.locator('li[data-lead-id]').count()).toBe(0);
    expect(asked.filter((path) => path.endsWith(`/cdn/${bulkChunk}`))).toEqual([]);
    releaseList();

    await visible(board.locator('li[data-lead-id]').first());
    // Once idle after the first screen, every action's code is here.
    await page.locator('#office-app [part="lead-board"][data-actions="ready"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    expect(asked.filter((path) => path.endsWith(`/cdn/${bulkChunk}`))).toHaveLength(1);

    await context.setOffline(true);
    const checkboxes = board.getByRole('checkbox', { name: /^Select lead from / });
    await checkboxes.nth(1).click();
    await checkboxes.nth(2).click();
    const toolbar = await visible(board.getByRole('group', { name: 'Selected leads' }));
    await visible(toolbar.getByText('2 selected'));
    await visible(toolbar.getByRole('button', { name: 'Archive' }));
    await context.setOffline(false);
  });
});
