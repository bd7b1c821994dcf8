import { describe, expect, it } from 'vitest';
import { createServerRenderGate } from './server-render-gate';

/**
 * The first-screen gate: reads suspend while it is active. It ends when the widget tree
 * committed — or, for a widget that deferred it (the office app, whose first screen is its
 * route's, behind a Suspense boundary of its own), only when that widget says so: ended at the
 * tree's end, the route hydrated as 'loading' where the server's HTML had data.
 */
describe('createServerRenderGate', () => {
  it('ends when the widget tree committed', () => {
    const gate = createServerRenderGate();
    expect(gate.active).toBe(true);
    gate.done('tree');
    expect(gate.active).toBe(false);
  });

  it('once deferred, ends only when the widget says so, not at the tree’s end', () => {
    const gate = createServerRenderGate();
    gate.defer();
    gate.done('tree');
    expect(gate.active).toBe(true);
    gate.done('nested');
    expect(gate.active).toBe(false);
  });
});
