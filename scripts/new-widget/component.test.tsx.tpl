import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../../../test/helpers/render-widget';
import { __Pascal__Root } from './__name__';
import { __CONST___CATALOGUE } from './__name__-messages';

afterEach(cleanup);

describe('<__Pascal__Root>', () => {
  it('shows its details when the toggle is pressed, and hides them again', async () => {
    renderWidget(<__Pascal__Root />, __CONST___CATALOGUE);
    expect(screen.getByRole('heading', { name: '__TITLE__' })).toBeTruthy();
    expect(screen.queryByText('__BODY__')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByText('__BODY__')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText('__BODY__')).toBeNull();
  });

  it('starts with the details shown when expanded', () => {
    renderWidget(<__Pascal__Root expanded />, __CONST___CATALOGUE);
    expect(screen.getByText('__BODY__')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide details' })).toBeTruthy();
  });
});
