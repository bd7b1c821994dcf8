import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FormActions } from './form-actions';

afterEach(cleanup);

const LOOK = { className: 'test__actions', busyClassName: 'test__busy' };

describe('<FormActions>', () => {
  it('a submit button that stays focusable while busy (aria-disabled), and a status beside it saying so', () => {
    const { rerender } = render(
      <form>
        <FormActions look={LOOK} label="Continue" busy={false} busyText="Checking…" />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(
      <form>
        <FormActions look={LOOK} label="Continue" busy busyText="Checking…" />
      </form>,
    );
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Checking…');
  });
});
