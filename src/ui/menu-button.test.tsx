import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountInShadowRoot } from '../../test/helpers/shadow-root';
import { MenuButton } from './menu-button';

afterEach(cleanup);

function setup() {
  const unread = vi.fn();
  const archive = vi.fn();
  render(
    <MenuButton
      label="More actions"
      items={[
        { id: 'unread', label: 'Mark as unread', onSelect: unread },
        { id: 'archive', label: 'Archive Lead', onSelect: archive },
      ]}
    />,
  );
  return { unread, archive, button: screen.getByRole('button', { name: 'More actions' }) };
}

describe('MenuButton', () => {
  it('opens on click, chooses an item and closes, focus back on the button', async () => {
    const { archive, button } = setup();
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Archive Lead' }));
    expect(archive).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('works by keyboard: ArrowDown opens on the first item, arrows wrap, Enter chooses', async () => {
    const { unread, archive, button } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Mark as unread');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Archive Lead');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Mark as unread');
    await userEvent.keyboard('{Enter}');
    expect(unread).toHaveBeenCalledTimes(1);
    expect(archive).not.toHaveBeenCalled();
  });

  it('closes on Escape without choosing', async () => {
    const { unread, archive, button } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(unread).not.toHaveBeenCalled();
    expect(archive).not.toHaveBeenCalled();
  });

  it('inside a shadow root: a press in the menu keeps it open, a press elsewhere in the root or on the page closes it', () => {
    const { shadow, container, outside, remove } = mountInShadowRoot();
    const elsewhere = document.createElement('p');
    elsewhere.textContent = 'Elsewhere in the widget';
    shadow.append(elsewhere);
    try {
      render(<MenuButton label="More actions" items={[{ id: 'archive', label: 'Archive Lead', onSelect: () => {} }]} />, { container });
      const view = within(container);
      const open = () => {
        fireEvent.click(view.getByRole('button', { name: 'More actions' }));
        expect(view.getByRole('menu')).toBeTruthy();
      };
      open();
      fireEvent.pointerDown(view.getByRole('menuitem', { name: 'Archive Lead' }));
      expect(view.queryByRole('menu')).not.toBeNull();
      fireEvent.pointerDown(elsewhere);
      expect(view.queryByRole('menu')).toBeNull();
      open();
      fireEvent.pointerDown(outside);
      expect(view.queryByRole('menu')).toBeNull();
    } finally {
      cleanup();
      remove();
    }
  });
});
