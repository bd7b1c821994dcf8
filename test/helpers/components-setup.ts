/**
 * Setup of the `components` project (happy-dom). `findBy…` and `waitFor` wait for a state and
 * return as soon as it is there; their bound only decides how long a real failure takes to be
 * reported. Testing Library's default bound (1 s) is shorter than a part mounted after paint
 * takes on a busy machine (CI runs two workers beside Chromium), so it is 5 s here — still well
 * inside the 20 s test timeout. Lazily loaded modules are preloaded by each suite's setup
 * (board-test-setup.ts, funnel-test-setup.ts…), not waited for.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
