import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, type SelectOption } from './select';

type Sort = 'newest' | 'oldest' | 'name';
const SORTS: SelectOption<Sort>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Customer name', disabled: true },
];

afterEach(cleanup);

describe('<Select>', () => {
  it('is a native select named by its visible label, showing the value', () => {
    render(<Select label="Sort by" value="oldest" options={SORTS} onChange={() => {}} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('oldest');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Newest first', 'Oldest first', 'Customer name']);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Customer name' }).disabled).toBe(true);
    expect(screen.getByText('Sort by').className).toBe('lk-select__label');
  });

  it('reports the chosen value and follows the controlled value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<Sort>('newest');
      return (
        <Select
          label="Sort by"
          value={value}
          options={SORTS}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    await user.selectOptions(select, 'Oldest first');
    expect(onChange).toHaveBeenCalledWith('oldest');
    expect(select.value).toBe('oldest');
  });

  it('can hide its label visually and be disabled', () => {
    render(<Select label="Sort by" value="newest" options={SORTS} onChange={() => {}} hideLabel disabled />);
    expect(screen.getByText('Sort by').className).toBe('lk-visually-hidden');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).disabled).toBe(true);
  });

  it('is described by the elements named in describedBy and reports leaving it', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <Select label="Sort by" value="newest" options={SORTS} onChange={() => {}} describedBy="sort-hint" onBlur={onBlur} />
        <p id="sort-hint">Sorting failed.</p>
        <button type="button">After</button>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by', description: 'Sorting failed.' });
    await user.click(select);
    expect(onBlur).not.toHaveBeenCalled();
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
