import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { INSURANCE_DELAY_MS } from '../../../domain/insurance-banner';
import { InsuranceBanner, type InsuranceBannerProps } from './insurance-banner';
import { INSURANCE_HIDDEN_STORAGE_KEY } from './insurance-offer';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { CARD_EXTRAS_CATALOGUE } from './card-extras-messages';
import { refusedLink } from '../../../gateway/core/shown-link';
import { sentenceOf } from '../../../gateway/core/setup-sentences';
import { LEAD_CARD_CATALOGUE } from '../card/lead-card-messages';

/** The card's parts render inside the open card, with its texts. */
/** The offer comes with the card's extras part, and brings their texts (card-extras-messages.ts). */
const CATALOGUE = { ...LEAD_BOARD_CATALOGUE, ...LEAD_CARD_CATALOGUE, ...CARD_EXTRAS_CATALOGUE };

const THIMBLE_URL = 'https://insurance.example.com/liability?ref=leadkit-sandbox';
const PREFERENCES_PATH = '/gateway/lead/v1/serviceprovider/1001/add-display-preferences';
const LEAD: InsuranceBannerProps['lead'] = { leadId: SANDBOX_LEADS.newest, thimbleUrl: THIMBLE_URL };
const OTHER_LEAD: InsuranceBannerProps['lead'] = { leadId: SANDBOX_LEADS.maskedActive, thimbleUrl: THIMBLE_URL };

/** Two cards' banners sharing the board's hide-for-all flag, and something focusable after them. */
function Board({
  leads = [LEAD],
  onHideForAll,
  initiallyHidden = false,
}: {
  leads?: InsuranceBannerProps['lead'][];
  onHideForAll?: () => void;
  initiallyHidden?: boolean;
}) {
  const [hiddenForAll, setHiddenForAll] = useState(initiallyHidden);
  return (
    <>
      {leads.map((lead) => (
        <div key={lead.leadId} data-testid={`card-${lead.leadId}`}>
          <InsuranceBanner
            lead={lead}
            spId={1001}
            hiddenForAll={hiddenForAll}
            onHideForAll={() => {
              onHideForAll?.();
              setHiddenForAll(true);
            }}
          />
        </div>
      ))}
      <button type="button">Request a Review</button>
    </>
  );
}

function setup(props: Parameters<typeof Board>[0] = {}) {
  const view = renderWidget(<Board {...props} />, CATALOGUE);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, user };
}

/** Margin for the real time the fake clock also follows while a test runs. */
const MARGIN = 150;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const purchaseLink = () => screen.getByRole('link', { name: 'Get a quote (opens in a new tab)' });
const dismissButton = () => screen.getByRole('button', { name: 'Dismiss insurance offer' });
const storedHidden = () => window.localStorage.getItem(INSURANCE_HIDDEN_STORAGE_KEY);

beforeEach(() => {
  // Fake timers that still follow real time: Testing Library's async helpers wait on real ticks.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('<InsuranceBanner> showing', () => {
  it("shows the offer 'starting at $30/month' with a purchase link to the insurer and a dismiss button", () => {
    setup();
    expect(screen.getByText('starting at $30/month')).toBeTruthy();
    expect(screen.getByText('Liability insurance for your business')).toBeTruthy();
    const link = purchaseLink();
    expect(link.getAttribute('href')).toBe(THIMBLE_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dismissButton()).toBeTruthy();
  });

  it('renders nothing without a thimbleUrl, with one that is not https (a path included), or when hidden for all leads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setup({
      leads: [
        { leadId: 1, thimbleUrl: null },
        { leadId: 2, thimbleUrl: 'javascript:alert(1)' },
        { leadId: 3, thimbleUrl: 'http://insurance.example.com/' },
        // Paths are not the insurer's (review F2: `/\\host` passed as a relative link).
        { leadId: 4, thimbleUrl: '/\\evil.example/quote' },
        { leadId: 5, thimbleUrl: '/quote' },
      ],
    });
    expect(screen.queryByText('starting at $30/month')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    // The developer hears of each refusal (no line for no URL), naming the field, never the URL.
    const input = "a lead's `thimbleUrl` (the insurer's link)";
    await vi.waitFor(() =>
      expect(warn.mock.calls.map(([line]) => line)).toEqual(
        ['javascript:', 'http://insurance.example.com', 'http://evil.example', location.origin].map(
          (refused) => `leadkit: ${sentenceOf(refusedLink(input, refused))}`,
        ),
      ),
    );
    cleanup();
    setup({ initiallyHidden: true });
    expect(screen.queryByText('starting at $30/month')).toBeNull();
  });
});

describe('<InsuranceBanner> dismissing', () => {
  it("'Not for this job' hides it for this lead only, remembered locally without personal data", async () => {
    const { user, received } = setup({ leads: [LEAD, OTHER_LEAD] });
    expect(screen.getAllByText('starting at $30/month')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Dismiss insurance offer' })[0]!);
    expect(screen.getByRole('group', { name: 'Not interested?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Not for this job' }));
    expect(screen.getByRole('status').textContent).toBe("Thanks! We won't show this offer on this lead again.");
    // Only lead ids, as strings: nothing about the customer or the provider.
    expect(JSON.parse(storedHidden()!)).toEqual([String(SANDBOX_LEADS.newest)]);
    expect(Object.keys(window.localStorage)).toEqual([INSURANCE_HIDDEN_STORAGE_KEY]);
    expect(received('POST', PREFERENCES_PATH)).toHaveLength(0);
    // The other lead still shows the offer.
    expect(screen.getAllByText('starting at $30/month')).toHaveLength(1);

    cleanup();
    setup({ leads: [LEAD, OTHER_LEAD] });
    expect(screen.getByTestId(`card-${SANDBOX_LEADS.newest}`).textContent).toBe('');
    expect(screen.getByTestId(`card-${SANDBOX_LEADS.maskedActive}`).textContent).toContain('starting at $30/month');
  });

  it('keeps other remembered leads and survives unreadable storage', async () => {
    window.localStorage.setItem(INSURANCE_HIDDEN_STORAGE_KEY, '{not json');
    const { user } = setup({ leads: [OTHER_LEAD] });
    await user.click(dismissButton());
    await user.click(screen.getByRole('button', { name: 'Not for this job' }));
    expect(JSON.parse(storedHidden()!)).toEqual([String(SANDBOX_LEADS.maskedActive)]);
    cleanup();
    const again = setup({ leads: [LEAD] });
    await again.user.click(dismissButton());
    await again.user.click(screen.getByRole('button', { name: 'Not for this job' }));
    expect(JSON.parse(storedHidden()!)).toEqual([String(SANDBOX_LEADS.maskedActive), String(SANDBOX_LEADS.newest)]);
  });

  it("'Not at all' stores HideThimbleForAllLeads and hides the offer on every lead", async () => {
    const onHideForAll = vi.fn();
    const { user, received, sandbox } = setup({ leads: [LEAD, OTHER_LEAD], onHideForAll });
    await user.click(screen.getAllByRole('button', { name: 'Dismiss insurance offer' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Not at all' }));
    expect(onHideForAll).toHaveBeenCalledOnce();
    // This banner says thanks; the other lead's banner is gone at once.
    expect(screen.getByRole('status').textContent).toBe("Thanks! We won't show insurance offers on your leads again.");
    expect(screen.getByTestId(`card-${SANDBOX_LEADS.maskedActive}`).textContent).toBe('');
    await vi.waitFor(() => expect(received('POST', PREFERENCES_PATH)).toHaveLength(1));
    expect(received('POST', PREFERENCES_PATH)[0]!.body).toEqual({ displayPreferences: ['HideThimbleForAllLeads'] });
    expect(sandbox.store.provider(1001)?.displayPreferences).toContain('HideThimbleForAllLeads');
    expect(storedHidden()).toBeNull();
    await advance(INSURANCE_DELAY_MS);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId(`card-${SANDBOX_LEADS.newest}`).textContent).toBe('');
  });

  it("remembers the lead locally when 'Not at all' cannot be stored", async () => {
    const { user, sandbox } = setup();
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/v1/serviceprovider/:id/add-display-preferences', times: 1 });
    await user.click(dismissButton());
    await user.click(screen.getByRole('button', { name: 'Not at all' }));
    await vi.waitFor(() => expect(JSON.parse(storedHidden() ?? '[]')).toEqual([String(SANDBOX_LEADS.newest)]));
  });

  it('the thank-you closes after 2 s', async () => {
    const { user } = setup();
    await user.click(dismissButton());
    await user.click(screen.getByRole('button', { name: 'Not for this job' }));
    await advance(INSURANCE_DELAY_MS - MARGIN);
    expect(screen.getByRole('status')).toBeTruthy();
    await advance(MARGIN);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('starting at $30/month')).toBeNull();
  });

  it('closing the question without answering hides it for now and stores nothing', async () => {
    const { user, received } = setup();
    await user.click(dismissButton());
    await user.click(dismissButton());
    expect(screen.queryByText('starting at $30/month')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Not interested?' })).toBeNull();
    expect(storedHidden()).toBeNull();
    expect(received('POST', PREFERENCES_PATH)).toHaveLength(0);
  });

  it('keeps keyboard focus in the flow: question, thank-you, then the next control', async () => {
    const { user } = setup();
    dismissButton().focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Not interested?' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Not for this job' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('status'));
    await advance(INSURANCE_DELAY_MS);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Request a Review' }));
  });
});

describe('<InsuranceBanner> purchase', () => {
  it('shows the transition for 2 s, then opens the insurer page in a new tab without an opener', async () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const { user, host } = setup();
    const navigations: unknown[] = [];
    host.addEventListener('lk-navigate', (event) => navigations.push((event as CustomEvent).detail));
    await user.click(purchaseLink());
    expect(screen.getByRole('status').textContent).toBe('Taking you to our insurance partner…');
    expect(document.activeElement).toBe(screen.getByRole('status'));
    await advance(INSURANCE_DELAY_MS - MARGIN);
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeTruthy();
    await advance(MARGIN);
    expect(open).toHaveBeenCalledExactlyOnceWith(THIMBLE_URL, '_blank');
    expect(tab.opener).toBeNull();
    expect(navigations).toEqual([{ url: THIMBLE_URL, kind: 'insurer', newTab: true }]);
    // Back to the offer, focus on the link again.
    expect(document.activeElement).toBe(purchaseLink());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('opens one tab per click: the link is replaced by the transition until it ends', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    const { user } = setup();
    await user.click(purchaseLink());
    expect(screen.queryByRole('link')).toBeNull();
    await advance(INSURANCE_DELAY_MS * 2);
    expect(open).toHaveBeenCalledOnce();
  });

  it('offers a plain link when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = setup();
    await user.click(purchaseLink());
    await advance(INSURANCE_DELAY_MS);
    expect(screen.getByRole('status').textContent).toContain('Your browser blocked the new tab.');
    const fallback = screen.getByRole('link', { name: 'Open the insurance page (opens in a new tab)' });
    expect(fallback.getAttribute('href')).toBe(THIMBLE_URL);
    expect(fallback.getAttribute('target')).toBe('_blank');
  });

  it('leaves the navigation to a host that cancels lk-navigate', async () => {
    const open = vi.spyOn(window, 'open');
    const { user, host } = setup();
    host.addEventListener('lk-navigate', (event) => event.preventDefault());
    await user.click(purchaseLink());
    await advance(INSURANCE_DELAY_MS);
    expect(open).not.toHaveBeenCalled();
  });

  it('stops its timer when unmounted during the transition', async () => {
    const open = vi.spyOn(window, 'open');
    const { user, unmount } = setup();
    await user.click(purchaseLink());
    unmount();
    await advance(INSURANCE_DELAY_MS * 2);
    expect(open).not.toHaveBeenCalled();
  });
});
