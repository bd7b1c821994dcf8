import { describe, expect, it } from 'vitest';
import { setup } from '../../packages/sandbox/src/test-helpers';
import { SANDBOX_DRAFT_REVIEW_ID, SANDBOX_LEADS, SANDBOX_SERVICE_REQUEST_ID } from '../../packages/sandbox/src/index';
import { strictAnswers, type StrictAnswer } from '../../test/helpers/strict-answers';
import type { GatewayClient } from './core/client';
import { isGatewayError } from './core/errors';
import * as lead from './lead/calls';
import { assignLeadV2, sendProSelection, markHired, updateUserPhone } from './lead/funnel/calls';
import * as messageCenter from './message-center/calls';
import * as office from './office/calls';
import { submitLeadFeedback } from './office/feedback';
import { registerPhoneNumber } from './office/registered-numbers';
import * as review from './review/calls';

/**
 * A write whose answer leadkit does not read accepts any 2xx — `204`, an empty
 * body, `{}` or any JSON — and resolves with nothing of it. Each call runs against the sandbox
 * in-process (the change is made), its answer replaced the strict way.
 */
const LEAD = SANDBOX_LEADS.newest; // a lead of provider 1001
const WRITES: Record<string, { route: string; as: 'provider' | 'member'; run: (client: GatewayClient) => Promise<unknown> }> = {
  'office.markLeadRead': {
    route: 'POST /gateway/lead/office/v2/leads/serviceprovider/:id/read',
    as: 'provider',
    run: (c) => office.markLeadRead(c, 1001, { leadId: LEAD, read: true }),
  },
  'office.updateLeadNote': {
    route: 'POST /gateway/lead/office/v2/leads/:id/note',
    as: 'provider',
    run: (c) => office.updateLeadNote(c, LEAD, { serviceProviderId: 1001, note: 'Call at 5' }),
  },
  'office.updateLeadStatus': {
    route: 'POST /gateway/lead/office/v2/leads/:id/status',
    as: 'provider',
    run: (c) => office.updateLeadStatus(c, LEAD, { serviceProviderId: 1001, status: 'Selling' }),
  },
  'office.archiveLead': {
    route: 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive',
    as: 'provider',
    run: (c) => office.archiveLead(c, 1001, { leadId: LEAD, archived: true }),
  },
  'office.submitLeadFeedback': {
    route: 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/feedback',
    as: 'provider',
    run: (c) => submitLeadFeedback(c, 1001, { leadId: LEAD, rating: 2, reason: 'LowValueJob' }),
  },
  'office.registerPhoneNumber': {
    route: 'POST /gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number',
    as: 'provider',
    run: (c) => registerPhoneNumber(c, { spId: 1001, brand: 'ADS', name: 'Van', phoneNumber: '3035550777' }),
  },
  'lead.addDisplayPreferences': {
    route: 'POST /gateway/lead/v1/serviceprovider/:id/add-display-preferences',
    as: 'provider',
    run: (c) => lead.addDisplayPreferences(c, 1001, ['HideThimbleForAllLeads']),
  },
  'messageCenter.markThreadRead': {
    route: 'PUT /gateway/message-center/v1/messages/thread/read',
    as: 'provider',
    run: (c) => messageCenter.markThreadRead(c, { serviceProviderId: 1001, userId: 5001, read: true }),
  },
  'review.updateDraftReview': {
    route: 'PUT /gateway/review/api/v1/draft-review/:id',
    as: 'member',
    run: (c) => review.updateDraftReview(c, SANDBOX_DRAFT_REVIEW_ID, { draftReview: { text: 'Good' }, draftRatings: [], categories: [10002] }),
  },
  'lead.assignLeadV2': {
    route: 'POST /gateway/lead/v2/lead/:id/assign',
    as: 'member',
    run: (c) => assignLeadV2(c, LEAD, { serviceProviderIds: [], haServiceProviderIds: [2002], serviceRequestId: SANDBOX_SERVICE_REQUEST_ID }),
  },
  'lead.sendProSelection': {
    route: 'POST /gateway/lead/v1/service-request/send-ol-pro-selection',
    as: 'member',
    run: (c) => sendProSelection(c, { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID, haServiceProviderIds: [2002] }),
  },
  'lead.markHired': {
    route: 'POST /gateway/lead/v1/lead/:id/service-provider/mark-hired',
    as: 'member',
    run: (c) => markHired(c, LEAD, { serviceProviderType: 'AL', serviceProviderId: 1001 }),
  },
  'lead.updateUserPhone': { route: 'POST /gateway/lead/v1/user/updatePhone', as: 'member', run: (c) => updateUserPhone(c, '3035550199') },
};

const ANSWERS: Record<string, StrictAnswer> = {
  '204': 204,
  'an empty 200': 'empty',
  '{}': { json: {} },
  null: { json: null },
  'other JSON': { json: { accepted: 'yes', items: [1, 2] } },
};

describe('writes whose answer is not read accept any 2xx', () => {
  for (const [operation, write] of Object.entries(WRITES)) {
    for (const [name, answer] of Object.entries(ANSWERS)) {
      it(`${operation}: ${name} is success`, async () => {
        const { sandbox, client } = strict(write, answer);
        await expect(write.run(client)).resolves.toBeUndefined();
        // The gateway made the change (its route answered 2xx before the answer was replaced).
        expect(sandbox.store.requests.at(-1)?.status).toBeGreaterThanOrEqual(200);
        expect(sandbox.store.requests.at(-1)?.status).toBeLessThan(300);
      });
    }
    it(`${operation}: an error status still fails`, async () => {
      const { client } = strict(write, { status: 409 });
      const error = await write.run(client).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isGatewayError(error) && error.status).toBe(409);
    });
  }
});

/** A client of a fresh sandbox whose answers on the write's route are replaced by `answer`. */
function strict(write: (typeof WRITES)[string], answer: StrictAnswer) {
  const { sandbox } = setup();
  const clients = setup({}, { fetch: strictAnswers(sandbox.fetch, [{ route: write.route, answer }]) });
  return { sandbox, client: write.as === 'provider' ? clients.provider : clients.member };
}
