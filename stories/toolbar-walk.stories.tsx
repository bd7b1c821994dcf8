import type { Meta, StoryObj } from '@storybook/react-vite';
import { composeStories } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as boardList from './lead-board/list.stories';
import * as boardOutbox from './lead-board/outbox.stories';
import * as boardStatuses from './lead-board/statuses.stories';
import * as leadPage from './lead-page/states.stories';
import * as funnelSteps from './raq-funnel/steps.stories';
import * as reviewModal from './review-request/modal.stories';
import * as threadConversation from './message-thread/conversation.stories';
import * as boardQuickAnswer from './lead-board/quick-answer.stories';

/**
 * The toolbar walk: stories run under the toolbar's combinations — locale (en-US,
 * es-US, the pseudo-locale on a right-to-left page), direction (ltr, rtl), viewport (Phone 390 px,
 * Desktop 1280 px) and theme (light, dark) — each must reach the state its name says (its play
 * function passes) with no error in the console.
 *
 * Not the full product (3 × 2 × 2 × 2 = 24 runs of each story): the six combinations below cover
 * every pair of values of any two controls (a pairwise set), one story here for each; every walked
 * story runs under all six. A story's own pins win (its `globals`, its `parameters.locale`): a
 * story about Spanish stays Spanish. The walked stories are the states a designer signs off on —
 * the board's list, empty and error states, the outbox, one per lead status, the lead page, the
 * funnel's steps and challenge, the review modal. `npx vitest run --project storybook
 * stories/toolbar-walk.stories.tsx` runs the walk alone.
 *
 * Hidden from the site (`!dev`, `!autodocs`): it is a check, not a state to look at.
 */
const meta = {
  title: 'Checks/Toolbar walk',
  tags: ['!dev', '!autodocs'],
  render: () => (
    <p>The toolbar walk runs the stories it names under this story's toolbar settings, in the storybook tests (npx vitest run --project storybook).</p>
  ),
  parameters: { a11y: { test: 'off' } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type StoryModule = Record<string, unknown> & { default: { globals?: Record<string, unknown> } };

/** The walked stories, by module and export name. */
const WALKED: readonly [module: StoryModule, names: readonly string[]][] = [
  [boardList as StoryModule, ['Default', 'Loading', 'LoadError', 'ServerDown', 'Challenge', 'NoLeadsAtAll', 'EmptyWithFilters', 'StatusFilterOpen']],
  [boardOutbox as StoryModule, ['NotSentYet', 'Conflict']],
  [boardStatuses as StoryModule, ['New', 'NotContacted', 'Contacted', 'Scheduled', 'ClosedWon', 'ClosedLost']],
  [boardQuickAnswer as StoryModule, ['Closed']],
  [leadPage as StoryModule, ['Loading', 'Purchased', 'Error401', 'Error500']],
  [threadConversation as StoryModule, ['Conversation', 'Empty', 'LongDayPinnedDay']],
  [funnelSteps as StoryModule, ['EntryFromPro', 'Project', 'ChallengeAndReplay']],
  [reviewModal as StoryModule, ['Summary', 'Edit']],
];

interface Combination {
  locale: 'en-US' | 'es-US' | 'pseudo-rtl';
  direction: 'ltr' | 'rtl';
  viewport: 'phone' | 'desktop';
  theme: 'light' | 'dark';
}

/** Runs every walked story under `combination` (the walk story's own globals set the page's viewport). */
async function walk(combination: Combination): Promise<void> {
  const { viewport, ...globals } = combination;
  const failures: string[] = [];
  for (const [module, names] of WALKED) {
    const composed = composeStories(module) as Record<string, { run: (context?: object) => Promise<void>; globals: Record<string, unknown>; id?: string }>;
    for (const name of names) {
      const story = composed[name];
      if (!story) throw new Error(`toolbar walk: ${module.default && 'title' in module.default ? String(module.default.title) : ''} has no story ${name}`);
      const pinned = { ...module.default.globals, ...(module[name] as { globals?: Record<string, unknown> }).globals };
      const errors: string[] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]) => {
        errors.push(args.map(String).join(' ').slice(0, 300));
        consoleError(...args);
      };
      try {
        await story.run({ globals: { ...story.globals, ...globals, viewport: { value: viewport, isRotated: false }, ...pinned, a11y: { manual: true } } });
      } catch (error) {
        failures.push(`${name} (${story.id ?? ''}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        console.error = consoleError;
      }
      if (errors.length) failures.push(`${name} (${story.id ?? ''}): console error: ${errors[0]}`);
    }
  }
  await expect(failures, `under ${JSON.stringify(combination)}`).toEqual([]);
}

/** One walk story per combination, its toolbar pinned to it. */
const combination = (values: Combination): Story => ({
  globals: { locale: values.locale, direction: values.direction, theme: values.theme, viewport: { value: values.viewport, isRotated: false } },
  // Only where the stories are composed as tests (the storybook project sets the project's annotations
  // for them): in the site itself the walked stories would have no preview around them.
  play: async () => {
    if ((globalThis as { globalProjectAnnotations?: unknown }).globalProjectAnnotations) await walk(values);
  },
});

export const EnglishLtrPhoneLight = combination({ locale: 'en-US', direction: 'ltr', viewport: 'phone', theme: 'light' });
export const EnglishRtlDesktopDark = combination({ locale: 'en-US', direction: 'rtl', viewport: 'desktop', theme: 'dark' });
export const SpanishLtrDesktopDark = combination({ locale: 'es-US', direction: 'ltr', viewport: 'desktop', theme: 'dark' });
export const SpanishRtlPhoneLight = combination({ locale: 'es-US', direction: 'rtl', viewport: 'phone', theme: 'light' });
export const PseudoLtrPhoneDark = combination({ locale: 'pseudo-rtl', direction: 'ltr', viewport: 'phone', theme: 'dark' });
export const PseudoRtlDesktopLight = combination({ locale: 'pseudo-rtl', direction: 'rtl', viewport: 'desktop', theme: 'light' });
