import type { Meta, StoryObj } from '@storybook/react-vite';
import { composeStories } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DATA_TAG, faultRuleBroken } from './support/fault-rule';
import type { FaultScenario } from './support/sandbox';

/**
 * The toolbar walk: stories run under the toolbar's combinations — locale (en-US, es-US, the
 * pseudo-locale on a right-to-left page), direction (ltr, rtl), viewport (Phone 390 px, Desktop
 * 1280 px) and theme (light, dark) — each must reach the state its name says (its play function
 * passes) with no error in the console and no uncaught error on the page.
 *
 * Not the full product (3 × 2 × 2 × 2 = 24 runs of each story): the first six combinations below
 * cover every pair of values of any two controls (a pairwise set); the last three, with the first,
 * are the four the visual snapshots capture every story in (phone and desktop in light en-US, a
 * dark Spanish phone right to left, a dark pseudo-locale desktop). One story here for each. A
 * story's own pins win (its `globals`, its `parameters.locale`): a story about Spanish stays Spanish.
 *
 * Which stories, by `LEADKIT_WALK` (read by the storybook project of vitest.config.ts):
 * - unset (CI, `npm test`): the states a designer signs off on (CI_WALK below: the board's list,
 *   empty and error states, the outbox, one per lead status, the lead page, the funnel's steps and
 *   challenge, the review modal) under the six pairwise combinations (≈ 50 s); the three
 *   visual-only combinations walk nothing;
 * - `all`: every story of every stories file (imported by `import.meta.glob`, so a new file or
 *   story is in it without a line here) under all nine combinations:
 *   `LEADKIT_WALK=all npx vitest run --project storybook stories/toolbar-walk.stories.tsx`
 *   (about 12 minutes on two cores: run it before a change to stories or widgets lands);
 * - a comma list of parts of file paths (`LEADKIT_WALK=lead-board/card,raq-funnel`): every story
 *   of the files whose path contains one of them, under all nine.
 * `-t 'Spanish Rtl'` picks combinations by name as for any story.
 *
 * Faults: the stories about data (tag `data`, stories/support/faults.ts) offer the toolbar's Fault,
 * every other story pins it to 'No fault'. Each of the six pairwise combinations names one of the
 * six faults: after walking its stories with no fault, it walks the data stories among them again
 * under its fault, where each must rest in its widget's state for it (an error panel, or its own
 * state later under 'Slow'). In CI the first data story of each walked file (under 'Slow', which
 * only waits longer, the first of all); with LEADKIT_WALK, every data story walked. Each walked
 * story must be one or the other (stories/support/fault-rule.ts); the visual snapshots check every
 * story of the built site (test/visual/suite.ts).
 *
 * Hidden from the site (`!dev`, `!autodocs`): it is a check, not a state to look at.
 */
const meta = {
  title: 'Checks/Toolbar walk',
  tags: ['!dev', '!autodocs'],
  render: () => <p>The toolbar walk runs stories under this story's toolbar settings, in the storybook tests (npx vitest run --project storybook).</p>,
  parameters: { a11y: { test: 'off' } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type StoryModule = Record<string, unknown> & { default: { globals?: Record<string, unknown> } };
interface ComposedStory {
  run: (context?: object) => Promise<void>;
  globals: Record<string, unknown>;
  id?: string;
  tags?: string[];
}

/** Every stories file but this one, by its path from here ('./lead-board/list.stories.tsx'), loaded when walked. */
const STORY_FILES = import.meta.glob<StoryModule>(['./**/*.stories.tsx', '!./toolbar-walk.stories.tsx']);

/** CI's walk: these stories of these files (a name that is gone fails the walk). */
const CI_WALK: Readonly<Record<string, readonly string[]>> = {
  './lead-board/list.stories.tsx': ['Default', 'Loading', 'LoadError', 'ServerDown', 'Challenge', 'NoLeadsAtAll', 'EmptyWithFilters', 'StatusFilterOpen'],
  './lead-board/outbox.stories.tsx': ['NotSentYet', 'Conflict'],
  './lead-board/statuses.stories.tsx': ['New', 'NotContacted', 'Contacted', 'Scheduled', 'ClosedWon', 'ClosedLost'],
  './lead-board/quick-answer.stories.tsx': ['Closed'],
  './lead-page/states.stories.tsx': ['Loading', 'Purchased', 'Error401', 'Error500'],
  './message-thread/conversation.stories.tsx': ['Conversation', 'Empty', 'LongDayPinnedDay'],
  './raq-funnel/steps.stories.tsx': ['EntryFromPro', 'Project', 'ChallengeAndReplay'],
  './review-request/modal.stories.tsx': ['Summary', 'Edit'],
};

/** `LEADKIT_WALK` as the storybook project passes it ('' when unset). */
const WALK: string = import.meta.env.LEADKIT_WALK ?? '';

/** The walked files and, per file, the stories (null: every story of it). */
function walkedFiles(): [path: string, names: readonly string[] | null][] {
  if (!WALK) return Object.entries(CI_WALK);
  const parts =
    WALK === 'all'
      ? ['']
      : WALK.split(',')
          .map((part) => part.trim())
          .filter(Boolean);
  const paths = Object.keys(STORY_FILES).filter((path) => parts.some((part) => path.includes(part)));
  if (!paths.length) throw new Error(`toolbar walk: LEADKIT_WALK=${WALK} names no stories file`);
  return paths.sort().map((path) => [path, null]);
}

/** A walked story may take this long (a hung one fails, and the walk goes on). */
const STORY_BOUND_MS = 60_000;
/**
 * The page's own timers, kept before any story runs: a story's `beforeEach` may speed the page's
 * long timers up (the board's `quickWaits`) until the next story starts, and the bound must not.
 */
const { setTimeout: pageSetTimeout, clearTimeout: pageClearTimeout } = globalThis;

interface Combination {
  locale: 'en-US' | 'es-US' | 'pseudo-rtl';
  direction: 'ltr' | 'rtl';
  viewport: 'phone' | 'desktop';
  theme: 'light' | 'dark';
  /** The fault the data stories are walked under too ('none': not walked again). */
  fault: FaultScenario;
}

/** A story's own pins: its meta's `globals` and its own. */
function pinsOf(module: StoryModule, name: string): Record<string, unknown> {
  return { ...module.default.globals, ...(module[name] as { globals?: Record<string, unknown> }).globals };
}

/** Runs one composed story under `globals`: what went wrong, or nothing. */
async function runOne(story: ComposedStory, globals: Record<string, unknown>): Promise<string[]> {
  const errors: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(`console error: ${args.map(String).join(' ').slice(0, 300)}`);
    consoleError(...args);
  };
  const onError = (event: ErrorEvent) => errors.push(`uncaught: ${String(event.message).slice(0, 300)}`);
  const onRejection = (event: PromiseRejectionEvent) => errors.push(`unhandled rejection: ${String(event.reason).slice(0, 300)}`);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      story.run({ globals }),
      new Promise((_, reject) => {
        timer = pageSetTimeout(() => reject(new Error(`did not finish in ${STORY_BOUND_MS / 1000} s`)), STORY_BOUND_MS);
      }),
    ]);
  } catch (error) {
    errors.unshift(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  } finally {
    pageClearTimeout(timer);
    console.error = consoleError;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return errors;
}

/** Runs every walked story under `combination` (the walk story's own globals set the page's viewport). */
async function walk(combination: Combination): Promise<void> {
  const { viewport, fault, ...globals } = combination;
  const failures: string[] = [];
  let walked = 0;
  // 'Slow' only delays a story's own state, and each one walked waits its full delay: in CI, one data story.
  let slowWalked = false;
  for (const [path, names] of walkedFiles()) {
    const load = STORY_FILES[path];
    if (!load) throw new Error(`toolbar walk: no stories file ${path}`);
    const module = await load();
    const composed = composeStories(module) as Record<string, ComposedStory>;
    const underFault: string[] = [];
    for (const name of names ?? Object.keys(composed)) {
      const story = composed[name];
      if (!story) throw new Error(`toolbar walk: ${path} has no story ${name}`);
      if (story.tags?.includes('!test')) continue;
      const broken = faultRuleBroken(story.tags, pinsOf(module, name));
      if (broken) failures.push(`${path} ${name}: ${broken}`);
      if (story.tags?.includes(DATA_TAG) && (WALK || (!underFault.length && (fault !== 'slow' || !slowWalked)))) {
        underFault.push(name);
        slowWalked ||= fault === 'slow';
      }
      // The story's own pins (its meta's and its own `globals`) win over the combination's. The page's
      // width stays this walk story's (the tests size the page per story), as on the built site
      // opened at a width: a story pinned to the other viewport must hold there too.
      const run = async (scenario: FaultScenario, label: string) => {
        const errors = await runOne(story, {
          ...story.globals,
          ...globals,
          fault: scenario,
          viewport: { value: viewport, isRotated: false },
          ...pinsOf(module, name),
          a11y: { manual: true },
        });
        walked += 1;
        for (const error of errors) failures.push(`${path} ${name}${label} (${story.id ?? ''}): ${error}`);
      };
      await run('none', '');
      if (fault !== 'none' && underFault.at(-1) === name) await run(fault, ` under the fault ${fault}`);
    }
  }
  // Also printed whole (a long list's diff is cut): one line per failure, to read in a walk of every story.
  if (failures.length) console.warn(`toolbar walk under ${JSON.stringify(combination)}:\n${failures.join('\n')}`);
  await expect(walked, 'stories walked').toBeGreaterThan(0);
  await expect(failures, `under ${JSON.stringify(combination)}`).toEqual([]);
}

/**
 * One walk story per combination, its toolbar pinned to it. `visualOnly`: one of the visual
 * snapshots' combinations outside the pairwise six, walked only when LEADKIT_WALK is set.
 */
const combination = (values: Combination, { visualOnly = false } = {}): Story => ({
  globals: {
    locale: values.locale,
    direction: values.direction,
    theme: values.theme,
    fault: values.fault,
    viewport: { value: values.viewport, isRotated: false },
  },
  // Only where the stories are composed as tests (the storybook project sets the project's annotations
  // for them): in the site itself the walked stories would have no preview around them.
  play: async () => {
    if (!(globalThis as { globalProjectAnnotations?: unknown }).globalProjectAnnotations) return;
    if (visualOnly && !WALK) return;
    await walk(values);
  },
});

export const EnglishLtrPhoneLight = combination({ locale: 'en-US', direction: 'ltr', viewport: 'phone', theme: 'light', fault: 'http500' });
export const EnglishRtlDesktopDark = combination({ locale: 'en-US', direction: 'rtl', viewport: 'desktop', theme: 'dark', fault: 'challenge511' });
export const SpanishLtrDesktopDark = combination({ locale: 'es-US', direction: 'ltr', viewport: 'desktop', theme: 'dark', fault: 'http401' });
export const SpanishRtlPhoneLight = combination({ locale: 'es-US', direction: 'rtl', viewport: 'phone', theme: 'light', fault: 'dropped' });
export const PseudoLtrPhoneDark = combination({ locale: 'pseudo-rtl', direction: 'ltr', viewport: 'phone', theme: 'dark', fault: 'http403' });
export const PseudoRtlDesktopLight = combination({ locale: 'pseudo-rtl', direction: 'rtl', viewport: 'desktop', theme: 'light', fault: 'slow' });
export const EnglishLtrDesktopLight = combination(
  { locale: 'en-US', direction: 'ltr', viewport: 'desktop', theme: 'light', fault: 'none' },
  { visualOnly: true },
);
export const SpanishRtlPhoneDark = combination({ locale: 'es-US', direction: 'rtl', viewport: 'phone', theme: 'dark', fault: 'none' }, { visualOnly: true });
export const PseudoLtrDesktopDark = combination(
  { locale: 'pseudo-rtl', direction: 'ltr', viewport: 'desktop', theme: 'dark', fault: 'none' },
  { visualOnly: true },
);
