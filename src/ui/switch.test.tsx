import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './switch';

function Harness({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Switch
      label="Show Unread Messages"
      checked={checked}
      onChange={(next) => {
        onChange(next);
        setChecked(next);
      }}
    />
  );
}

afterEach(cleanup);

describe('<Switch>', () => {
  it('is a switch named by its label, reporting its state', () => {
    render(<Switch label="Archived leads" checked onChange={() => {}} />);
    const control = screen.getByRole('switch', { name: 'Archived leads' });
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control.getAttribute('type')).toBe('button');
  });

  it('toggles with a click, Space and Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const control = screen.getByRole('switch', { name: 'Show Unread Messages' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    await user.click(control);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(control.getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(control.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('does nothing when disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch label="Archived leads" checked={false} onChange={onChange} disabled />);
    await user.click(screen.getByRole('switch', { name: 'Archived leads' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
