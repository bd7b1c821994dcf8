import { expect } from 'storybook/test';
import { shadowOf } from './queries';
import { sandboxOf, type FaultScenario } from './sandbox';
import { text } from './story-text';

/**
 * The toolbar's Fault on the stories about data.
 *
 * A story is about data when its state is what the gateway answered as the widget opened (the
 * board as it opens, a lead page, a conversation, one story per lead status…). Those stories
 * carry the tag `data` (the sidebar can filter on it) and offer the toolbar's Fault: under a
 * fault they rest in the widget's state for it — an error panel (role=alert), with 'Try again'
 * where trying again can help — and under 'Slow' in their own state, later. Their play
 * functions say so through `orFaultState`.
 *
 * Every other story pins the Fault to 'No fault' (`NO_FAULT`, stories/support/pinned.ts): it
 * is about a step, a fault of its own or a part with no gateway call, and Storybook shows the
 * Fault fixed in the toolbar. The toolbar walk (stories/toolbar-walk.stories.tsx) walks the data
 * stories under the faults; the rule (one or the other) is stories/support/fault-rule.ts, which
 * the visual snapshots check on every story.
 */

/** The faults a data story answers with an error panel ('Slow' only delays its own state). */
const FAILING: ReadonlySet<FaultScenario> = new Set(['http500', 'http401', 'http403', 'challenge511', 'dropped']);

/** Where trying again can help: a server error, no answer, a security check (not 401/403: signing in or access). */
const RETRYABLE: ReadonlySet<FaultScenario> = new Set(['http500', 'challenge511', 'dropped']);

interface PlayContext {
  canvasElement: HTMLElement;
  loaded: Record<string, unknown>;
}

/**
 * A data story's play: its own steps with no fault or a slow one; under a failing fault, the
 * widget's error panel instead (what a designer choosing that fault in the toolbar looks at).
 * `open`: what opens the widget before it asks for its data (the review modal's trigger).
 */
export function orFaultState<Context extends PlayContext>(
  play: (context: Context) => Promise<void>,
  open?: (canvasElement: HTMLElement) => Promise<unknown>,
): (context: Context) => Promise<void> {
  return async (context) => {
    const { scenario } = sandboxOf(context);
    if (!FAILING.has(scenario)) return play(context);
    await open?.(context.canvasElement);
    await expectFaultState(context.canvasElement, scenario);
  };
}

/**
 * The story's widget rests on its error panel for `scenario`: said (role=alert), never the
 * apology for a missing page (none of the faults is one), and 'Try again' only where it can help.
 */
async function expectFaultState(canvasElement: HTMLElement, scenario: FaultScenario): Promise<void> {
  const { canvas } = await shadowOf(canvasElement);
  const alert = await canvas.findByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert.textContent?.trim()).not.toBe('');
  await expect(alert).not.toHaveTextContent(text('error.other.detail'));
  const retry = canvas.queryByRole('button', { name: 'Try again' });
  if (RETRYABLE.has(scenario)) await expect(retry).toBeVisible();
  else await expect(retry).toBeNull();
}
