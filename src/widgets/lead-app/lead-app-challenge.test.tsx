import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderChallenged } from '../../../test/helpers/host-challenge';
import { preloadBoardParts } from '../../../test/support/lead-board';
import { LeadAppRoot } from './lead-app';
import { LEAD_APP_CATALOGUE } from './lead-app-messages';

/** The office app's board route, its read and write held by a 511 challenge (docs/gateway.md#511-challenge): replayed once after the host's check, the answer shown. */
const LEADS = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const MARK_READ = '/gateway/lead/office/v2/leads/serviceprovider/1001/read';

beforeAll(preloadBoardParts);
afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
});

function renderBoardRoute(challengedRoute: string) {
  window.history.pushState(null, '', '/app/lead/board/1001');
  return renderChallenged(<LeadAppRoot base="/app" spId={null} />, LEAD_APP_CATALOGUE, challengedRoute);
}

describe('<LeadAppRoot> and a 511 challenge', () => {
  it('the board route’s page of leads held by a challenge: asked once more after the check, and the leads are shown', async () => {
    const { host, received } = renderBoardRoute(`POST ${LEADS}`);
    await waitFor(() => expect(host.asked()).toBe(1));
    expect(received('POST', LEADS).map((request) => request.status)).toEqual([511]);
    host.pass();
    expect(await screen.findByText(/^Showing 1 - 10 of \d+ results$/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(received('POST', LEADS).map((request) => request.status)).toEqual([511, 200]);
  });

  it('the first lead marked read, held by a challenge: sent once more with its key after the check, and the lead is read', async () => {
    const { host, received, sandbox } = renderBoardRoute(`POST ${MARK_READ}`);
    await waitFor(() => expect(host.asked()).toBe(1), { timeout: 10_000 });
    const [met] = received('POST', MARK_READ);
    const leadId = (met?.body as { leadId: number }).leadId;
    host.pass();
    await waitFor(() => expect(received('POST', MARK_READ).map((request) => request.status)).toEqual([511, 200]));
    expect(received('POST', MARK_READ)[1]?.headers['idempotency-key']).toBe(met?.headers['idempotency-key']);
    expect(sandbox.store.lead(leadId)?.assignments.find((a) => a.spId === 1001)?.read).toBe(true);
  });
});
