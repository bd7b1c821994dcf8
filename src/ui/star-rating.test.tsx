import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StarRating } from './star-rating';

const LABELS = ['Poor', 'Fair', 'Okay', 'Good', 'Great'] as const;

function Harness({
  onChange,
  initial = null,
  disabled = false,
}: {
  onChange: (value: number, how: 'browse' | 'choose') => void;
  initial?: number | null;
  disabled?: boolean;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <StarRating
      label="Rate this lead"
      starLabels={LABELS}
      value={value}
      disabled={disabled}
      onChange={(next, how) => {
        onChange(next, how);
        setValue(next);
      }}
    />
  );
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const filled = (container: HTMLElement) => container.querySelectorAll('[data-filled="true"]').length;

afterEach(cleanup);

describe('<StarRating>', () => {
  it('is a radio group named by its label, one radio per star named by its label', () => {
    render(<StarRating label="Rate this lead" starLabels={LABELS} value={3} onChange={() => {}} />);
    const group = screen.getByRole('radiogroup', { name: 'Rate this lead' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    for (const [index, name] of LABELS.entries()) expect(within(group).getByRole('radio', { name }).getAttribute('value')).toBe(String(index + 1));
    expect(radio('Okay').checked).toBe(true);
    expect(radio('Great').checked).toBe(false);
  });

  it('draws the chosen number of stars filled and shows the chosen label', () => {
    const { container } = render(<StarRating label="Rate this lead" starLabels={LABELS} value={4} onChange={() => {}} />);
    expect(filled(container)).toBe(4);
    expect(container.querySelector('.lk-star-rating__hint')?.textContent).toBe('Good');
  });

  it('previews stars on hover without choosing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await user.hover(radio('Okay'));
    expect(filled(container)).toBe(3);
    await user.unhover(screen.getByRole('radiogroup'));
    expect(filled(container)).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('chooses a star by click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(radio('Fair'));
    expect(onChange).toHaveBeenCalledWith(2, 'choose');
    expect(radio('Fair').checked).toBe(true);
  });

  it('selects with arrow keys as a radio group (browsing); Space and Enter choose the focused star', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(radio('Poor'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(radio('Okay'));
    expect(onChange.mock.calls).toEqual([
      [2, 'browse'],
      [3, 'browse'],
    ]);
    expect(radio('Okay').checked).toBe(true);
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(3, 'choose');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(radio('Good'));
    expect(radio('Good').checked).toBe(true);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(4, 'choose');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(radio('Great'));
    expect(onChange).toHaveBeenLastCalledWith(5, 'browse');
    onChange.mockClear();
    await user.keyboard('{ArrowRight}'); // the end of the scale: nothing more to select
    expect(document.activeElement).toBe(radio('Great'));
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Home}{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(radio('Poor'));
    expect(onChange.mock.calls).toEqual([[1, 'browse']]);
  });

  it('reports choosing the selected star again (a widget may wait for it), never browsing onto it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={5} />);
    await user.click(radio('Great'));
    expect(onChange).toHaveBeenLastCalledWith(5, 'choose');
    radio('Great').focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(2);
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('keeps stars focusable but does not choose while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={2} disabled />);
    expect(screen.getByRole('radiogroup').getAttribute('aria-disabled')).toBe('true');
    await user.click(radio('Great'));
    radio('Good').focus();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(radio('Fair').checked).toBe(true);
    expect(radio('Great').checked).toBe(false);
  });

  it('can be described by an error message', () => {
    render(
      <>
        <StarRating label="Rate this lead" starLabels={LABELS} value={null} onChange={() => {}} describedBy="err" />
        <p id="err">Something went wrong</p>
      </>,
    );
    expect(screen.getByRole('radiogroup', { description: 'Something went wrong' })).toBeTruthy();
  });
});
