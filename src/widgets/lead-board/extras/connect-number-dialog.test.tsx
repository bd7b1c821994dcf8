import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../../test/helpers/render-widget';
import type { RegisteredNumber } from '../../../gateway/office/registered-number-schemas';
import { FLAG_NAMES } from '../../../contract/flags';
import { ConnectNumberDialog } from './connect-number-dialog';
import { showsConnectNumbers } from './connect-numbers';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { LEAD_CARD_CATALOGUE } from '../card/lead-card-messages';

/** The card's parts render inside the open card, with its texts. */
const CATALOGUE = { ...LEAD_BOARD_CATALOGUE, ...LEAD_CARD_CATALOGUE };

const NUMBERS_PATH = '/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';
const NUMBERS_ROUTE = `POST ${NUMBERS_PATH}`;

afterEach(cleanup);

function Harness({ onConnected, onClose }: { onConnected?: (number: RegisteredNumber) => void; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect a number
      </button>
      <ConnectNumberDialog
        open={open}
        spId={1001}
        onConnected={onConnected}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

async function opened(options: Parameters<typeof renderWidget>[2] = {}, props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  const view = renderWidget(<Harness {...props} />, CATALOGUE, options);
  const trigger = screen.getByRole('button', { name: 'Connect a number' });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: 'Connect your numbers' });
  const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
  const phone = within(dialog).getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
  const save = within(dialog).getByRole('button', { name: 'Save' });
  const posts = () => view.received('POST', NUMBERS_PATH);
  return { ...view, user, trigger, dialog, name, phone, save, posts };
}

/** The field's error: its description, shown beside it. */
function describedBy(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('<ConnectNumberDialog> form', () => {
  it('is a modal with labelled Name and Phone number fields, focus on Name', async () => {
    const { name, phone, dialog } = await opened();
    expect(dialog.tagName).toBe('DIALOG');
    expect(document.activeElement).toBe(name);
    expect(phone.type).toBe('tel');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it("shows 'Name must not be empty' and 'Number must not be empty' beside the fields, focus on the first", async () => {
    const { user, name, phone, save, posts } = await opened();
    await user.type(name, '   ');
    await user.click(save);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toBe('Name must not be empty');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(phone)).toBe('Number must not be empty');
    expect(screen.getByText('Name must not be empty')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(posts()).toHaveLength(0);
  });

  it("shows 'Phone number must contain 10 digits' and focuses the number when only it is wrong", async () => {
    const { user, name, phone, save, posts } = await opened();
    await user.type(name, 'Front desk');
    await user.type(phone, '303555');
    await user.click(save);
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(name.hasAttribute('aria-describedby')).toBe(false);
    expect(describedBy(phone)).toBe('Phone number must contain 10 digits');
    expect(document.activeElement).toBe(phone);
    expect(posts()).toHaveLength(0);
    // Editing the field takes its message away; Enter submits the form.
    await user.type(phone, '0199');
    expect(phone.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('Phone number must contain 10 digits')).toBeNull();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Phone number added!' })).toBeTruthy();
  });

  it('formats the phone as (555) 555-5555 while typing: digits only, at most 10', async () => {
    const { user, phone } = await opened();
    const typed: string[] = [];
    for (const key of '5551234567') {
      await user.type(phone, key);
      typed.push(phone.value);
    }
    expect(typed).toEqual(['(5', '(55', '(555', '(555) 1', '(555) 12', '(555) 123', '(555) 123-4', '(555) 123-45', '(555) 123-456', '(555) 123-4567']);
    await user.type(phone, '89abc-');
    expect(phone.value).toBe('(555) 123-4567');
    await user.clear(phone);
    await user.type(phone, 'a1b2c3');
    expect(phone.value).toBe('(123');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('+1 720 555 0111');
    expect(phone.value).toBe('(720) 555-0111');
  });

  it('keeps the caret after the same digit when editing inside the number', async () => {
    const { user, phone } = await opened();
    await user.type(phone, '5551234567');
    // Caret after '(555) 12', delete the '2': the mask moves the separators, not the caret's digit.
    const afterTwo = '(555) 12'.length;
    phone.setSelectionRange(afterTwo, afterTwo);
    await user.keyboard('{Backspace}');
    expect(phone.value).toBe('(555) 134-567');
    expect(phone.selectionStart).toBe('(555) 1'.length);
  });
});

describe('<ConnectNumberDialog> saving', () => {
  it("sends spId, brand 'ADS', the name and 10 digits, then shows 'Phone number added!' in the same dialog", async () => {
    const onConnected = vi.fn();
    const { user, name, phone, save, posts, dialog } = await opened({}, { onConnected });
    await user.type(name, '  Front desk ');
    await user.type(phone, '3035550199');
    await user.click(save);
    const heading = await within(dialog).findByRole('heading', { name: 'Phone number added!' });
    expect(screen.getByRole('dialog', { name: 'Phone number added!' })).toBe(dialog);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual({ spId: 1001, brand: 'ADS', name: 'Front desk', phoneNumber: '3035550199' });
    expect(posts()[0]?.status).toBe(200);
    expect(onConnected).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ spId: 1001, phoneNumber: '3035550199' }));
    // The form (and the focused Save) is gone: focus on the new step's heading.
    expect(document.activeElement).toBe(heading);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeTruthy();
  });

  it("'Got it' closes the dialog and focus returns to the trigger", async () => {
    const onClose = vi.fn();
    const { user, name, phone, save, trigger } = await opened({}, { onClose });
    await user.type(name, 'Van');
    await user.type(phone, '3035550177');
    await user.click(save);
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  const connectedNumbers = ({ serviceProviderId }: { serviceProviderId: number }) => `https://ads.example/pros/${serviceProviderId}/numbers`;

  it("'Add another number' links to the host's connected-numbers page, fires lk-navigate and closes", async () => {
    const { user, name, phone, save, host } = await opened({ inputs: { routes: { connectedNumbers } } });
    const navigations: CustomEvent[] = [];
    host.addEventListener('lk-navigate', (event) => {
      navigations.push(event as CustomEvent);
      event.preventDefault(); // a host router takes over (and happy-dom does not navigate)
    });
    await user.type(name, 'Van');
    await user.type(phone, '3035550177');
    await user.click(save);
    const link = await screen.findByRole('link', { name: 'Add another number' });
    expect(link.getAttribute('href')).toBe('https://ads.example/pros/1001/numbers');
    await user.click(link);
    expect(navigations).toHaveLength(1);
    expect(navigations[0]!.detail).toEqual({ url: 'https://ads.example/pros/1001/numbers', kind: 'connected-numbers', newTab: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("without the host's connected-numbers route, 'Phone number added!' offers 'Got it' alone (the page's path is not in the spec)", async () => {
    const { user, name, phone, save } = await opened();
    await user.type(name, 'Van');
    await user.type(phone, '3035550177');
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Phone number added!' });
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it("a duplicate number (409) shows 'This number has already been connected.' under the number field, values kept", async () => {
    const { user, name, phone, save, posts } = await opened();
    await user.type(name, 'Main line');
    await user.type(phone, '3035550100');
    await user.click(save);
    await waitFor(() => expect(describedBy(phone)).toBe('This number has already been connected.'));
    expect(posts()[0]?.status).toBe(409);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(name.value).toBe('Main line');
    expect(phone.value).toBe('(303) 555-0100');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Phone number added!' })).toBeNull();
  });

  it("any other failure shows 'Error: Please try again in a couple minutes.' as an alert; values kept; a retry can succeed", async () => {
    const { user, name, phone, save, posts, sandbox } = await opened();
    sandbox.faults.status(500, undefined, { route: NUMBERS_ROUTE, times: 1 });
    await user.type(name, 'Main line');
    await user.type(phone, '7205550199');
    await user.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error: Please try again in a couple minutes.');
    expect(posts()[0]?.status).toBe(500);
    expect(name.value).toBe('Main line');
    expect(phone.value).toBe('(720) 555-0199');
    expect(phone.hasAttribute('aria-invalid')).toBe(false);
    await user.click(save);
    expect(await screen.findByRole('heading', { name: 'Phone number added!' })).toBeTruthy();
    expect(posts()).toHaveLength(2);
    expect(posts()[1]?.body).toEqual({ spId: 1001, brand: 'ADS', name: 'Main line', phoneNumber: '7205550199' });
  });

  it('a double click sends once: Save is aria-disabled and the fields read-only while saving', async () => {
    const { user, name, phone, save, posts } = await opened({ sandbox: { latencyMs: 200 } });
    await user.type(name, 'Van');
    await user.type(phone, '3035550166');
    await user.dblClick(save);
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(name.readOnly).toBe(true);
    expect(phone.readOnly).toBe(true);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Phone number added!' })).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('Esc closes; reopening starts with an empty form', async () => {
    const { user, name, trigger } = await opened();
    await user.type(name, 'Draft');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    const reopened = screen.getByRole('dialog', { name: 'Connect your numbers' });
    expect((within(reopened).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });
});

describe('showsConnectNumbers', () => {
  const on = { [FLAG_NAMES.callTracking]: true };
  it('needs the call-tracking flag and a lead opted in but not connected', () => {
    expect(showsConnectNumbers(on, { isOptedInButNotConnected: true })).toBe(true);
    expect(showsConnectNumbers(on, { isOptedInButNotConnected: false })).toBe(false);
    expect(showsConnectNumbers({}, { isOptedInButNotConnected: true })).toBe(false);
    expect(showsConnectNumbers({ [FLAG_NAMES.callTracking]: false }, { isOptedInButNotConnected: true })).toBe(false);
  });
});
