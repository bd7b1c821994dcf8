/**
 * Setup of the `components` project (happy-dom). `findBy…` and `waitFor` wait for a state and
 * return as soon as it is there; their bound only decides how long a real failure takes to be
 * reported. Testing Library's default bound (1 s) is shorter than a part mounted after paint
 * takes on a busy machine (CI runs two workers beside Chromium; under the whole suite's load there a
 * toolbar took more than 5 s to come), so it is 15 s here — inside the 30 s test timeout. A test
 * names no shorter bound of its own. Lazily loaded modules are preloaded by each suite's setup
 * (test/support/<widget>.ts, board-test-setup.ts), not waited for.
 */
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { NOT_OFFERED_STORAGE_KEY } from '../../src/gateway/not-offered';

configure({ asyncUtilTimeout: 15_000 });

// What a gateway does not offer is remembered in localStorage for a day (src/gateway/not-offered.ts):
// each test starts with a gateway nothing is known of, as a new page on a new device would.

afterEach(() => {
  try {
    localStorage.removeItem(NOT_OFFERED_STORAGE_KEY);
  } catch {
    // No storage: nothing remembered.
  }
});
