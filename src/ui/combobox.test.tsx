import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Combobox, type ComboboxOption, type ComboboxProps } from './combobox';
import { mountInShadowRoot } from '../../test/helpers/shadow-root';

const CATEGORIES: ComboboxOption[] = [
  { id: 'c1', label: 'Plumbing', description: 'Pipes and fixtures' },
  { id: 'c2', label: 'Plumbing repair' },
  { id: 'c3', label: 'Plumbing installation' },
];

type HarnessProps = Partial<ComboboxProps> & { source?: ComboboxOption[]; initialValue?: string };

/** A caller like the board's: filters the source by the text (in place of a debounced fetch). */
function Harness({ source = CATEGORIES, initialValue = '', ...rest }: HarnessProps) {
  const [value, setValue] = useState(initialValue);
  const options = value.trim() === '' ? [] : source.filter((option) => option.label.toLowerCase().includes(value.trim().toLowerCase()));
  return (
    <Combobox
      label="Category"
      value={value}
      onInputChange={setValue}
      options={options}
      onSelect={() => {}}
      statusText={`${options.length} results available`}
      loadingText="Loading…"
      noResultsText="No matches"
      placeholder="Search categories"
      {...rest}
    />
  );
}

afterEach(cleanup);

describe('<Combobox>', () => {
  it('is a labelled combobox, collapsed, controlling a labelled listbox', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('placeholder')).toBe('Search categories');
    const listboxId = input.getAttribute('aria-controls');
    expect(listboxId).toBeTruthy();
    expect(document.getElementById(listboxId!)?.getAttribute('role')).toBe('listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('opens on typing, shows the options and announces the count politely', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.type(input, 'plumb');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Category' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['PlumbingPipes and fixtures', 'Plumbing repair', 'Plumbing installation']);
    // Name is the label only; the description is the accessible description.
    expect(within(listbox).getByRole('option', { name: 'Plumbing', description: 'Pipes and fixtures' })).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('3 results available');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('moves the active option with ArrowDown/ArrowUp/Home/End (wrapping) and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.type(input, 'plumb');
    const active = () => {
      const id = input.getAttribute('aria-activedescendant');
      return id ? document.getElementById(id) : null;
    };
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(screen.getByRole('option', { name: 'Plumbing' }));
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(screen.getByRole('option', { name: 'Plumbing repair' }));
    expect(screen.getByRole('option', { name: 'Plumbing' }).getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{End}');
    expect(active()).toBe(screen.getByRole('option', { name: 'Plumbing installation' }));
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(screen.getByRole('option', { name: 'Plumbing' }));
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(screen.getByRole('option', { name: 'Plumbing installation' }));
    await user.keyboard('{Home}');
    expect(active()).toBe(screen.getByRole('option', { name: 'Plumbing' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(CATEGORIES[1]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input).toBe(document.activeElement);
  });

  it('leaves Home/End to the text caret while no option is active', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Category' });
    await user.type(input, 'plumb');
    await user.keyboard('{Home}');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input.selectionStart).toBe(0);
  });

  it('opens a closed popup with ArrowDown on the first option and ArrowUp on the last', async () => {
    const user = userEvent.setup();
    render(<Harness initialValue="plumb" />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.tab();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe('PlumbingPipes and fixtures');
    await user.keyboard('{Escape}{ArrowUp}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe('Plumbing installation');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('chooses an option with the mouse and keeps focus in the input', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.type(input, 'repair');
    await user.click(screen.getByRole('option', { name: 'Plumbing repair' }));
    expect(onSelect).toHaveBeenCalledWith(CATEGORIES[1]);
    expect(input).toBe(document.activeElement);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Escape closes first, then clears the text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Category' });
    await user.type(input, 'plumb');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('plumb');
    expect(screen.getByRole('status').textContent).toBe('');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('');
  });

  it('Enter without an active option submits the text through onSubmitText', async () => {
    const user = userEvent.setup();
    const onSubmitText = vi.fn();
    const onSelect = vi.fn();
    render(<Harness onSubmitText={onSubmitText} onSelect={onSelect} label="Customer name" />);
    const input = screen.getByRole('combobox', { name: 'Customer name' });
    await user.type(input, 'Ann Lee{Enter}');
    expect(onSubmitText).toHaveBeenCalledWith('Ann Lee');
    expect(onSelect).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter without an active option and without onSubmitText lets the event through', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness />
      </form>,
    );
    await user.type(screen.getByRole('combobox', { name: 'Category' }), 'zzz{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('Tab leaves the field and closes the popup', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">Next field</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.type(input, 'plumb{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next field' })).toBe(document.activeElement);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('shows and announces the loading text, keeping current options', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness loading />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.type(input, 'plumb');
    expect(screen.getByText('Loading…', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('listbox', { name: 'Category' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    rerender(<Harness />);
    expect(screen.queryByText('Loading…', { selector: 'p' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('3 results available');
  });

  it('shows and announces the no-results text for a text without matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.type(input, 'roofing');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('No matches', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No matches');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('keeps the active option when new options still contain it', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const props = {
      label: 'Category',
      value: 'plumb',
      onInputChange: () => {},
      onSelect,
      statusText: '',
      loadingText: 'Loading…',
      noResultsText: 'No matches',
    };
    const { rerender } = render(<Combobox {...props} options={CATEGORIES} />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    rerender(<Combobox {...props} options={[CATEGORIES[2]!, CATEGORIES[1]!]} />);
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe('Plumbing repair');
    rerender(<Combobox {...props} options={[CATEGORIES[0]!]} />);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('can hide its label visually and still be named by it', () => {
    render(<Harness hideLabel />);
    expect(screen.getByText('Category').className).toBe('lk-visually-hidden');
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeTruthy();
  });

  it('works inside a shadow root', async () => {
    const { shadow, container, remove } = mountInShadowRoot();
    const onSelect = vi.fn();
    const user = userEvent.setup();
    try {
      render(<Harness onSelect={onSelect} />, { container });
      const view = within(container);
      const input = view.getByRole('combobox', { name: 'Category' });
      await user.click(input);
      await user.keyboard('plumb');
      expect(input.getAttribute('aria-expanded')).toBe('true');
      await user.keyboard('{ArrowDown}{ArrowDown}');
      const activeId = input.getAttribute('aria-activedescendant');
      expect(activeId && shadow.getElementById(activeId)?.textContent).toBe('Plumbing repair');
      await user.keyboard('{Enter}');
      expect(onSelect).toHaveBeenCalledWith(CATEGORIES[1]);
      await user.keyboard('{Escape}');
      expect((input as HTMLInputElement).value).toBe('');
    } finally {
      cleanup();
      remove();
    }
  });
});
