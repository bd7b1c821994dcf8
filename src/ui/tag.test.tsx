import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tag } from './tag';

afterEach(cleanup);

describe('<Tag>', () => {
  it('shows its text and a remove button named by removeLabel', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    render(<Tag label="Closed won" removeLabel="Remove filter Closed won" onRemove={onRemove} />);
    expect(screen.getByText('Closed won')).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Remove filter Closed won' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.click(remove);
    expect(onRemove).toHaveBeenCalledTimes(1);
    remove.focus();
    await user.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledTimes(2);
  });

  it('hands the remove button to the caller through ref (for moving focus after a removal)', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Tag removeRef={ref} label="Plumbing" removeLabel="Remove filter Plumbing" onRemove={() => {}} />);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Remove filter Plumbing' }));
  });
});
