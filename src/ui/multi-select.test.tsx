import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiSelect, type MultiSelectOption } from './multi-select';
import { mountInShadowRoot } from '../../test/helpers/shadow-root';

type Status = 'new' | 'contacted' | 'scheduled' | 'hired' | 'won' | 'lost';
const STATUSES: MultiSelectOption<Status>[] = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'hired', label: 'Hired' },
  { value: 'won', label: 'Closed won' },
  { value: 'lost', label: 'Closed lost' },
];

function Harness({ initial = [], onChange, placement }: { initial?: Status[]; onChange?: (selected: Status[]) => void; placement?: 'popover' | 'inline' }) {
  const [selected, setSelected] = useState<Status[]>(initial);
  return (
    <MultiSelect
      placement={placement}
      label="Status"
      options={STATUSES}
      selected={selected}
      summary={selected.length === 0 ? 'All' : `${selected.length} selected`}
      onChange={(next) => {
        onChange?.(next);
        setSelected(next);
      }}
    />
  );
}

afterEach(cleanup);

describe('<MultiSelect>', () => {
  it('is a collapsed disclosure button named by its label and summary', () => {
    render(<Harness initial={['won']} />);
    const button = screen.getByRole('button', { name: 'Status 1 selected' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.hidden).toBe(true);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('opens with Enter and Space and checks boxes in option order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Status All' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Status' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['New', 'Contacted', 'Scheduled', 'Hired', 'Closed won', 'Closed lost']);
    await user.click(within(group).getByRole('checkbox', { name: 'Closed lost' }));
    await user.click(within(group).getByRole('checkbox', { name: 'New' }));
    expect(onChange).toHaveBeenLastCalledWith(['new', 'lost']);
    expect(within(group).getByRole<HTMLInputElement>('checkbox', { name: 'New' }).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Status 2 selected' })).toBe(button);
    await user.click(within(group).getByRole('checkbox', { name: 'New' }));
    expect(onChange).toHaveBeenLastCalledWith(['lost']);
    button.focus();
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps selected values it has no checkbox for', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<MultiSelect label="Status" options={STATUSES} selected={['archived' as Status, 'won']} summary="2 selected" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Status 2 selected' }));
    await user.click(screen.getByRole('checkbox', { name: 'New' }));
    expect(onChange).toHaveBeenCalledWith(['new', 'won', 'archived']);
  });

  it('Escape closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Status All' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'New' })).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button).toBe(document.activeElement);
  });

  it('closes on a press outside, not on one inside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <p>Elsewhere</p>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Status All' });
    await user.click(button);
    await user.click(screen.getByRole('checkbox', { name: 'Hired' }));
    await user.click(screen.getByText('Hired'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('Elsewhere'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when focus moves out of it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">Sort</button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Status All' });
    await user.click(button);
    for (let i = 0; i < STATUSES.length; i++) await user.tab();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sort' })).toBe(document.activeElement);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('placed inline, stays open on a press or focus elsewhere (nothing moves under the press); its button and Escape close it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness placement="inline" />
        <p>Elsewhere</p>
        <button type="button">Send</button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Status All' });
    await user.click(button);
    await user.click(screen.getByText('Elsewhere'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement?.textContent).toBe('Send');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('works inside a shadow root: inside presses keep it open, presses elsewhere in the root or on the page close it', async () => {
    const { shadow, container, outside, remove } = mountInShadowRoot();
    const user = userEvent.setup();
    try {
      render(
        <>
          <Harness />
          <p>Widget text</p>
        </>,
        { container },
      );
      const view = within(container);
      const button = view.getByRole('button', { name: 'Status All' });
      await user.click(button);
      await user.click(view.getByRole('checkbox', { name: 'Scheduled' }));
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(view.getByRole('button', { name: 'Status 1 selected' })).toBe(button);
      await user.click(view.getByText('Widget text'));
      expect(button.getAttribute('aria-expanded')).toBe('false');
      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      await user.click(outside);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      await user.click(button);
      await user.keyboard('{Escape}');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(shadow.activeElement).toBe(button);
    } finally {
      cleanup();
      remove();
    }
  });

  it('can be disabled', async () => {
    const user = userEvent.setup();
    render(<MultiSelect label="Status" options={STATUSES} selected={[]} summary="All" onChange={() => {}} disabled />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Status All' });
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
