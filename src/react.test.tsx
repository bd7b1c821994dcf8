import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { json, recordingFetch } from '../test/helpers/recording-fetch';
import { createGatewayClient } from './gateway/core/client';
import { LEADKIT_EVENTS, type LeadkitEvent } from './contract/events';
import { HOST_PROPERTIES } from './contract/host-properties';
import { eventPropName, LeadBoard, LeadPage, type LeadBoardElement, type LeadBoardProps } from './react';
import { preloadBoardParts } from '../test/support/lead-board';

const leadResponse = (leadId: number) => ({
  leadId,
  purchased: false,
  info: { title: `Lead ${leadId}`, description: '', urgency: 'Flexible', category: { id: 100, name: 'Plumbing' }, attributes: [] },
  address: { city: 'Denver', state: 'CO', postalCode: '80202' },
});

function providerClient() {
  const recorder = recordingFetch((request) => json(200, leadResponse(Number(/leads\/(\d+)/.exec(request.url)?.[1]))));
  const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch });
  return { client, requests: recorder.requests };
}

const shadowText = (element: Element | null) => element?.shadowRoot?.textContent ?? '';

// A <LeadBoard> starts its list and card body as it connects: here before any test, so none is
// still arriving when the file ends (a late import after teardown fails the run).
beforeAll(preloadBoardParts);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('leadkit/react components', () => {
  it('forward ref to the element and pass id, className, style, aria-*, data-*, slot, hidden and tabIndex through', () => {
    const ref = createRef<LeadBoardElement>();
    const { container } = render(
      <LeadBoard
        ref={ref}
        spId={1001}
        newMessages
        id="board"
        className="host-board"
        style={{ marginTop: 12 }}
        aria-label="Your leads"
        data-testid="board"
        slot="main"
        hidden
        tabIndex={-1}
        gateway={providerClient().client}
      />,
    );
    const element = container.querySelector('lead-board');
    expect(ref.current).toBe(element);
    expect(element?.id).toBe('board');
    expect(element?.getAttribute('class')).toBe('host-board');
    expect((element as HTMLElement).style.marginTop).toBe('12px');
    expect(element?.getAttribute('aria-label')).toBe('Your leads');
    expect(element?.getAttribute('data-testid')).toBe('board');
    expect(element?.getAttribute('slot')).toBe('main');
    expect((element as HTMLElement).hidden).toBe(true);
    expect((element as HTMLElement).tabIndex).toBe(-1);
    // The tag's own attributes, as the element reads them.
    expect(element?.getAttribute('sp-id')).toBe('1001');
    expect(element?.getAttribute('new-messages')).toBe('');
  });

  it('sets the host properties before the first request, and clears one set back to undefined', async () => {
    const first = providerClient();
    const flags = { new_review_request: true };
    const { container, rerender } = render(<LeadPage leadId={3} spId={1001} gateway={first.client} flags={flags} />);
    const element = container.querySelector('lead-page') as HTMLElement & Record<string, unknown>;
    await waitFor(() => expect(shadowText(element)).toContain('Lead 3'));
    expect(first.requests.map((request) => request.url)).toEqual(['https://gw.test/gateway/lead/office/v2/leads/3?spId=1001']);
    expect(element.gateway).toBe(first.client);
    expect(element.flags).toBe(flags);
    rerender(<LeadPage leadId={3} spId={1001} gateway={first.client} />);
    expect(element.flags).toBeUndefined();
  });

  it('has an on… prop for every event of LeadkitEventMap, derived from the map', async () => {
    expect(LEADKIT_EVENTS.map(eventPropName)).toEqual([
      'onNavigate',
      'onLoad',
      'onError',
      'onLeadStatusChange',
      'onLeadArchive',
      'onLeadRead',
      'onLeadCreate',
      'onMessageSend',
      'onReviewRequest',
      'onSavedRepliesChange',
    ]);
    expectTypeOf<LeadBoardProps['onLeadStatusChange']>().toEqualTypeOf<((event: LeadkitEvent<'lk-lead-status-change'>) => void) | undefined>();
    const handlers = Object.fromEntries(LEADKIT_EVENTS.map((event) => [eventPropName(event), vi.fn()]));
    const { container } = render(<LeadBoard spId={1001} gateway={providerClient().client} {...handlers} />);
    const element = container.querySelector('lead-board') as HTMLElement;
    act(() => {
      for (const event of LEADKIT_EVENTS) element.dispatchEvent(new CustomEvent(event, { detail: { event } }));
    });
    for (const event of LEADKIT_EVENTS) {
      const handler = handlers[eventPropName(event)];
      expect(handler, event).toHaveBeenCalledTimes(1);
      expect((handler?.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ event });
    }
  });

  it('takes every host property of the table as a prop', () => {
    const values = Object.fromEntries(HOST_PROPERTIES.map((name) => [name, name === 'now' || name === 'chat' ? () => new Date() : {}]));
    const { container } = render(<LeadBoard {...values} />);
    const element = container.querySelector('lead-board') as HTMLElement & Record<string, unknown>;
    for (const name of HOST_PROPERTIES) expect(element[name], name).toBe(values[name]);
  });
});
