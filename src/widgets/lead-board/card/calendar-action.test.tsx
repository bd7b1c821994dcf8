import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ICAL from 'ical.js';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeAll(preloadBoardParts);

/** The board's clock: 1:07 PM local, so the next full hour is 2:00 PM. */
const NOW = new Date(2026, 10, 26, 13, 7);
const lead = SANDBOX_LEADS.newest; // Jordan Rivera, 'New'

async function openLead() {
  const view = renderWidget(<LeadBoardRoot spId={1001} leadId={lead} />, LEAD_BOARD_CATALOGUE, { inputs: { now: () => NOW } });
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === lead)!;
  return { ...view, card };
}

/**
 * Chooses a status and leaves the select: the choice is sent at once (not after its delay), and
 * the test waits for the gateway to have it — no send timer outlives the test (one that fired
 * after the test's window was gone ended the run with an unhandled error).
 */
async function chooseStatus(view: Awaited<ReturnType<typeof openLead>>, value: string) {
  const select = within(view.card).getByRole('combobox', { name: 'Lead status' });
  const before = view.received('POST', /\/status$/).length;
  fireEvent.change(select, { target: { value } });
  fireEvent.blur(select);
  await waitFor(() => expect(view.received('POST', /\/status$/).length).toBe(before + 1), { timeout: FIRST_PAGE_TIMEOUT_MS });
}

/** The calendar file the download was made from (the Blob behind its object URL). */
function capturedFiles() {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return `blob:calendar-${files.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return files;
}

describe("a Scheduled lead's 'Add to calendar'", () => {
  it('is offered once the status is Scheduled; the dialog starts at the next full hour and downloads the job as an .ics event', async () => {
    const view = await openLead();
    const { card, received } = view;
    expect(within(card).queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    await chooseStatus(view, 'InProgressWon');
    const add = await within(card).findByRole('button', { name: 'Add to calendar' });
    const user = userEvent.setup();
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add to calendar' });
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    const time = within(dialog).getByLabelText('Start time') as HTMLInputElement;
    expect(date.value).toBe('2026-11-26');
    expect(time.value).toBe('14:00');
    fireEvent.change(date, { target: { value: '2026-11-28' } });
    fireEvent.change(time, { target: { value: '09:30' } });
    const files = capturedFiles();
    await user.click(within(dialog).getByRole('button', { name: 'Download calendar file' }));
    expect(await within(dialog).findByText('Calendar file downloaded. Open it to add the job to your calendar.')).toBeTruthy();
    expect(files).toHaveLength(1);
    expect(files[0]!.type).toBe('text/calendar;charset=utf-8');

    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await files[0]!.text())).getFirstSubcomponent('vevent')!);
    expect(event.summary).toMatch(/^\S.* — Jordan Rivera$/);
    expect(event.startDate.toJSDate().getTime()).toBe(new Date(2026, 10, 28, 9, 30).getTime());
    expect(event.endDate.toJSDate().getTime()).toBe(new Date(2026, 10, 28, 10, 30).getTime());
    // The job's address as its place: it ends with the city, state and ZIP code the card shows.
    const place = within(card).getByRole('heading', { name: 'Location' }).nextElementSibling?.textContent ?? '';
    expect(place).not.toBe('');
    expect(event.location.endsWith(place)).toBe(true);
    // The customer's description, then the link back to the lead page.
    expect(event.description).toMatch(/^Our 40-gallon water heater is leaking from the bottom\. Would like a replacement quote\.\n\nLead: http\S+/);
    expect(event.description).toContain(`leadId=${lead}`);
    // Made here: the download sent nothing to the gateway (only the status went).
    expect(received('POST', /\/calendar|\.ics/)).toEqual([]);
  });

  it('says what is missing when the date or the time is emptied, and makes no file', async () => {
    const view = await openLead();
    const { card } = view;
    await chooseStatus(view, 'InProgressWon');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Add to calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to calendar' });
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '' } });
    const files = capturedFiles();
    await user.click(within(dialog).getByRole('button', { name: 'Download calendar file' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please enter a date and a start time.');
    const time = within(dialog).getByLabelText('Start time');
    expect(time.getAttribute('aria-invalid')).toBe('true');
    // Focus on the field to fix.
    expect(time.getRootNode()).toHaveProperty('activeElement', time);
    expect(files).toEqual([]);
  });

  it('goes when the status moves on from Scheduled', async () => {
    const view = await openLead();
    const { card } = view;
    await chooseStatus(view, 'InProgressWon');
    await within(card).findByRole('button', { name: 'Add to calendar' });
    await chooseStatus(view, 'Selling');
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Add to calendar' })).toBeNull());
  });
});
