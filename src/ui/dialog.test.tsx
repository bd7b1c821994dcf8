import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import userEvent from '@testing-library/user-event';
import { Dialog, type DialogCloseReason } from './dialog';
import { mountInShadowRoot } from '../../test/helpers/shadow-root';

/**
 * happy-dom has <dialog> with showModal()/close() that only toggle the `open` attribute: no top
 * layer, no inertness, no Esc → cancel. So these tests prove our part (focus in, Esc and × call
 * onClose, focus back to the trigger, the fallback without showModal). That the page behind is
 * inert and Tab stays inside is the browser's, proved only in Chromium (stories / e2e).
 */

afterEach(cleanup);

function Harness({ onClose, withInitialFocus = false }: { onClose?: (reason: DialogCloseReason) => void; withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const second = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={(reason) => {
          onClose?.(reason);
          setOpen(false);
        }}
        title="Connect your numbers"
        closeLabel="Close"
        initialFocusRef={withInitialFocus ? second : undefined}
      >
        <label>
          First
          <input />
        </label>
        <label>
          Second
          <input ref={second} />
        </label>
      </Dialog>
    </>
  );
}

/** Its two dialogs' setters, for a test that makes the commits itself. */
interface HandoverControls {
  prompt?: (open: boolean) => void;
  modal?: (open: boolean) => void;
}

/** The close-as-won prompt handing over to the review modal: two dialogs, the modal opened from a button of the prompt. */
function Handover({ controls = {} }: { controls?: HandoverControls }) {
  const [prompt, setPrompt] = useState(false);
  const [modal, setModal] = useState(false);
  controls.prompt = setPrompt;
  controls.modal = setModal;
  return (
    <>
      <button type="button" onClick={() => setPrompt(true)}>
        Close as won
      </button>
      <Dialog open={modal} onClose={() => setModal(false)} title="Review" closeLabel="Close review">
        <input aria-label="Description" />
      </Dialog>
      <Dialog open={prompt} onClose={() => setPrompt(false)} title="Prompt" closeLabel="Close prompt">
        <button type="button" onClick={() => setModal(true)}>
          Request a Review
        </button>
        <button type="button" onClick={() => setPrompt(false)}>
          Then close the prompt
        </button>
      </Dialog>
    </>
  );
}

describe('<Dialog>', () => {
  it('shows nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('opens with showModal, named by its heading, focus on the first field', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect your numbers' });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Connect your numbers' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First' }));
  });

  it('focuses initialFocusRef when given', async () => {
    const user = userEvent.setup();
    render(<Harness withInitialFocus />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Second' }));
  });

  it('Esc asks to close; on close focus returns to the trigger', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledExactlyOnceWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('the × button is named by closeLabel and asks to close', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledExactlyOnceWith('close-button');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('a close request without a keydown (the cancel event) asks to close and stays open until the parent closes', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Dialog open onClose={onClose} title="T" closeLabel="Close" />);
    const dialog = screen.getByRole('dialog', { name: 'T' }) as HTMLDialogElement;
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledExactlyOnceWith('escape');
    expect(dialog.open).toBe(true);
    // Without a field in the body, the × button takes focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('leaves Esc to a control inside that handled it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Dialog open onClose={onClose} title="T" closeLabel="Close">
        <input aria-label="Inner" onKeyDown={(event) => event.key === 'Escape' && event.preventDefault()} />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Inner' }));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('returns focus to the trigger inside a shadow root (its activeElement, not the host)', async () => {
    const { shadow, container, remove } = mountInShadowRoot();
    const user = userEvent.setup();
    render(<Harness />, { container });
    const trigger = shadow.querySelector('button')!;
    await user.click(trigger);
    expect(shadow.activeElement).toBe(shadow.querySelector('input'));
    await user.click(shadow.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!);
    expect(shadow.querySelector('dialog')!.open).toBe(false);
    expect(shadow.activeElement).toBe(trigger);
    cleanup();
    remove();
  });

  it('falls back to the open attribute where showModal is missing', async () => {
    const original = HTMLDialogElement.prototype.showModal;
    // @ts-expect-error -- simulating an engine without showModal
    HTMLDialogElement.prototype.showModal = undefined;
    try {
      const user = userEvent.setup();
      render(<Harness />);
      const trigger = screen.getByRole('button', { name: 'Open' });
      await user.click(trigger);
      const dialog = screen.getByRole('dialog', { name: 'Connect your numbers' });
      expect(dialog.hasAttribute('open')).toBe(true);
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First' }));
      await user.keyboard('{Escape}');
      expect(dialog.hasAttribute('open')).toBe(false);
      expect(document.activeElement).toBe(trigger);
    } finally {
      HTMLDialogElement.prototype.showModal = original;
    }
  });

  it('a dialog opened from inside another that then closes gives focus back to the first one’s trigger', async () => {
    // The close-as-won prompt hands over to the review modal. React closes the prompt before the
    // modal opens; Preact may open the modal first, while focus is still on the prompt's button:
    // that order is made here with two updates.
    const user = userEvent.setup();
    render(<Handover />);
    const trigger = screen.getByRole('button', { name: 'Close as won' });
    await user.click(trigger);
    const handOver = screen.getByRole('button', { name: 'Request a Review' });
    handOver.focus();
    await user.click(handOver);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description' }));
    // The prompt closes after the modal opened (its content, the modal's return target, is gone).
    await user.click(screen.getByRole('button', { name: 'Then close the prompt' }));
    screen.getByRole('textbox', { name: 'Description' }).focus();
    await user.click(screen.getByRole('button', { name: 'Close review' }));
    expect(document.activeElement).toBe(trigger);
  });

  it('a dialog opened while the closing one’s content (and focus) is already gone gives focus back to that one’s trigger', async () => {
    // Preact's order for the same handover: the prompt's content — with the focused button — is
    // removed before any effect runs, the modal's effect opens it with focus nowhere, and the
    // prompt's cleanup runs after it, all in one task. Made here with two synchronous commits.
    const user = userEvent.setup();
    const set: HandoverControls = {};
    render(<Handover controls={set} />);
    const trigger = screen.getByRole('button', { name: 'Close as won' });
    await user.click(trigger);
    screen.getByRole('button', { name: 'Request a Review' }).focus();
    await act(async () => {
      (document.activeElement as HTMLElement).blur();
      flushSync(() => set.modal?.(true));
      flushSync(() => set.prompt?.(false));
    });
    screen.getByRole('textbox', { name: 'Description' }).focus();
    await user.click(screen.getByRole('button', { name: 'Close review' }));
    expect(document.activeElement).toBe(trigger);
  });

  it('restores focus when unmounted while open', async () => {
    const user = userEvent.setup();
    function Unmounting() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setShown(true)}>
            Open
          </button>
          {shown ? (
            <Dialog open onClose={() => {}} title="T" closeLabel="Close">
              <button type="button" onClick={() => setShown(false)}>
                Done
              </button>
            </Dialog>
          ) : null}
        </>
      );
    }
    render(<Unmounting />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});
