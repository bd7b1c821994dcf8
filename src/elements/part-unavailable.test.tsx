import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/helpers/render-widget';
import { commonMessages } from '../i18n/en-US/common';
import { PartUnavailable } from './part-unavailable';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PartUnavailable (a part whose code did not arrive)', () => {
  it("says what to do and offers 'Try again' only, after a first failure", async () => {
    const retry = vi.fn();
    renderWidget(<PartUnavailable retry={retry} failures={1} />, commonMessages);
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the page did not load. Check your connection and try again.');
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("offers 'Reload the page' too once a retry failed (Firefox and WebKit keep a failed module until the page reloads)", async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    renderWidget(<PartUnavailable retry={vi.fn()} failures={2} />, commonMessages);
    await userEvent.click(await screen.findByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
