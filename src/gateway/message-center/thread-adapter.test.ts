import { describe, expect, it } from 'vitest';
import { json, recordingFetch } from '../../../test/helpers/recording-fetch';
import { createGatewayClient } from '../core/client';
import {
  fetchMessageActivities,
  historyEntry,
  MESSAGE_ACTIVITIES_PER_CALL,
  messageActivitiesQuery,
  messageConversation,
  threadMessage,
} from './thread-adapter';

const SP = 1001;
const at = '2025-06-10T12:00:00Z';
const activity = (activityId: string, extra: Record<string, unknown> = {}) => ({ activityId, activityType: 'GenericMessage.v1', createDate: at, ...extra });

function clientAnswering(activities: unknown[]) {
  const recorder = recordingFetch(() => json(200, { activities }));
  const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: SP }, fetch: recorder.fetch, retry: { retries: 0 } });
  return { client, requests: recorder.requests };
}

describe('message-center thread adapter: sends (M1)', () => {
  it("names the thread's tracking fields and fills them: pageName 'SP : Message Thread', placement Unknown (44), the lead when there is one", () => {
    expect(threadMessage({ text: 'Hi', spId: SP, userId: 5001, leadId: 300001 })).toEqual({
      text: 'Hi',
      senderEntityId: SP,
      receiverEntityId: 5001,
      leadId: 300001,
      pageName: 'SP : Message Thread',
      contactPlacementType: 44,
    });
    expect(threadMessage({ text: 'Hi', spId: SP, userId: 5001, leadId: null })).not.toHaveProperty('leadId');
  });
});

describe('message-center thread adapter: message activities (M3, M4, M5)', () => {
  it("asks the member's timeline for GenericMessage.v1, 4 per call, newest first, the requestor's own included", async () => {
    const { client, requests } = clientAnswering([]);
    await fetchMessageActivities(client, SP, 5001, 8);
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/gateway/message-center/v2/interactions/activities');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      interactorId: '5001',
      interactorType: 'Member',
      activityTypes: 'GenericMessage.v1',
      limit: '4',
      offset: '8',
      sortDirection: 'Newest',
      includeRequestorActivities: 'true',
    });
    expect(messageActivitiesQuery(5001)).toMatchObject({ limit: MESSAGE_ACTIVITIES_PER_CALL, offset: 0 });
  });

  it("keeps this provider's messages (counterpartId this provider) and says whether a full page came", async () => {
    const { client } = clientAnswering([
      activity('mine', { counterpartId: SP, actorId: 5001 }),
      activity('other-pro', { counterpartId: 1002, actorId: 5001 }),
      activity('not-a-message', { activityType: 'LeadViewed.v1', counterpartId: SP }),
      activity('written-here', { counterpartId: SP, actorId: SP }),
    ]);
    const page = await fetchMessageActivities(client, SP, 5001, 0);
    expect(page.messages.map((entry) => entry.id)).toEqual(['mine', 'written-here']);
    expect(page.unattributed).toBe(0);
    expect(page.more).toBe(true);
    const short = await fetchMessageActivities(clientAnswering([activity('one', { counterpartId: SP })]).client, SP, 5001, 4);
    expect(short.more).toBe(false);
  });

  it("without counterpartId (a gateway that sends none): only what this provider wrote is listed, never the member's messages, which may be with other pros; those are counted", async () => {
    const { client } = clientAnswering([
      activity('pro-wrote', { actorId: SP }),
      activity('member-wrote', { actorId: 5001 }),
      activity('other-pro-wrote', { actorId: 1002 }),
      activity('nobody-said'),
    ]);
    const page = await fetchMessageActivities(client, SP, 5001, 0);
    expect(page.messages.map((entry) => entry.id)).toEqual(['pro-wrote']);
    expect(page.unattributed).toBe(3);
    expect(messageConversation(activity('x', { actorId: 5001 }) as never, SP)).toBe('unknown');
    expect(messageConversation(activity('x', { actorId: 5001, counterpartId: SP }) as never, SP)).toBe('this-provider');
    expect(messageConversation(activity('x', { activityType: 'LeadViewed.v1' }) as never, SP)).toBeNull();
  });

  it("reads an entry's author from actorId (the provider's id: own) and its words from text; without them, no author and no text", () => {
    expect(historyEntry({ ...activity('a', { actorId: SP, text: 'On my way' }) } as never, SP)).toEqual({
      id: 'a',
      createDate: at,
      author: 'own',
      text: 'On my way',
    });
    expect(historyEntry({ ...activity('b', { actorId: 5001, text: 'Thanks' }) } as never, SP)).toEqual({
      id: 'b',
      createDate: at,
      author: 'member',
      text: 'Thanks',
    });
    expect(historyEntry(activity('c') as never, SP)).toEqual({ id: 'c', createDate: at, author: null, text: null });
    expect(historyEntry({ ...activity('d', { text: '' }) } as never, SP).text).toBeNull();
  });
});
