import type { Preview } from '@storybook/react-vite';
import { configureShadowQueries } from '../stories/support/queries';
import { finishPartsCheck, startPartsCheck } from './parts-check';
import { isStoryLocale, StoryLocaleProvider } from '../stories/support/story-locale';
import { createStorySandbox, FAULT_SCENARIOS, SandboxProvider, sandboxOf, type SandboxParameters } from '../stories/support/sandbox';
import { clearDrafts } from '../src/index';
import { isStoryTheme, STORY_THEMES } from './themes';
import { StoryPage } from './story-page';
import { setStoryTextLocale } from '../stories/support/story-text';

/**
 * Every story renders against its own sandbox gateway (@leadkit/sandbox, packages/sandbox): the global loader makes one
 * per story render, in-process (no network), so stories never share data or faults and a
 * toolbar change starts from fresh seed data. The decorator provides it to the React tree
 * (`useSandbox()`); play functions read it as `context.loaded.sandbox` (`sandboxOf(context)`).
 *
 * Faults: the toolbar's "Fault" global applies one scenario to every gateway route; a story
 * pins its own with `parameters: { sandbox: { fault: { status: 500 } } }` (see
 * stories/support/sandbox.tsx for the shapes). A story's own fault wins over the toolbar's.
 *
 * The other toolbar globals: locale (en-US, es-US, a pseudo-locale on a right-to-left page),
 * direction (the page around the widgets, `dir`), theme (`--lk-*` properties set around the
 * widgets, .storybook/themes.ts) and viewport (a 390 px phone, a 1280 px desktop).
 */
configureShadowQueries();

const preview: Preview = {
  globalTypes: {
    fault: {
      description: 'Sandbox gateway fault, applied to every gateway route',
      toolbar: {
        title: 'Fault',
        icon: 'lightning',
        dynamicTitle: true,
        items: Object.entries(FAULT_SCENARIOS).map(([value, { title }]) => ({ value, title })),
      },
    },
    locale: {
      description: 'Language and direction of the widgets: en-US, es-US, or a long pseudo-locale on a right-to-left (Arabic) page',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        dynamicTitle: true,
        items: [
          { value: 'en-US', title: 'en-US' },
          { value: 'es-US', title: 'es-US' },
          { value: 'pseudo-rtl', title: 'Pseudo, right to left' },
        ],
      },
    },
    direction: {
      description: 'Direction of the page around the widgets (dir attribute)',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        dynamicTitle: true,
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
      },
    },
    theme: {
      description: 'A theme set through the public --lk-* custom properties on an element around the widgets',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        dynamicTitle: true,
        items: Object.entries(STORY_THEMES).map(([value, { title }]) => ({ value, title })),
      },
    },
  },
  initialGlobals: { fault: 'none', locale: 'en-US', direction: 'ltr', theme: 'light' },
  loaders: [
    async (context) => {
      // No drafts (docs/drafts.md) kept on this device from the story before: every story shares one
      // origin, and a draft one story left in IndexedDB (a failed save's text) came back in the
      // next one's editor. The public `clearDrafts()`, as a host's sign-out calls it.
      await clearDrafts();
      return { sandbox: createStorySandbox(context.globals.fault, context.parameters.sandbox as SandboxParameters | undefined) };
    },
  ],
  // Every part a story shows must be in custom-elements.json (its tag's docs): see parts-check.ts.
  beforeEach: (context) => {
    // The play functions' texts in the story's locale (stories/support/story-text.ts).
    const wanted: unknown = context.parameters.locale ?? context.globals.locale;
    setStoryTextLocale(isStoryLocale(wanted) ? wanted : 'en-US');
    startPartsCheck(context.title);
  },
  afterEach: () => finishPartsCheck(),
  decorators: [
    (Story, context) => {
      // A story's own `parameters.locale` wins over the toolbar's.
      const wanted: unknown = context.parameters.locale ?? context.globals.locale;
      return (
        <SandboxProvider sandbox={sandboxOf(context)}>
          <StoryLocaleProvider locale={isStoryLocale(wanted) ? wanted : 'en-US'}>
            <StoryPage theme={isStoryTheme(context.globals.theme) ? context.globals.theme : 'light'} rtl={context.globals.direction === 'rtl'}>
              <Story />
            </StoryPage>
          </StoryLocaleProvider>
        </SandboxProvider>
      );
    },
  ],
  parameters: {
    layout: 'padded',
    // Violations fail the story (in the Storybook UI's test panel and in `vitest --project storybook`).
    a11y: { test: 'error' },
    controls: { expanded: true },
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        desktop: { name: 'Desktop (1280 × 900)', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
      },
    },
    options: {
      // The README first, then the guides, the elements (the public API, each with its states by
      // area), the reference and the project's pages, then the ui primitives. Within a group,
      // the order the pages are indexed in (.storybook/doc-pages.ts names them in reading order).
      storySort: { order: ['Getting started', 'Guides', 'Elements', 'Reference', 'Project', 'UI'] },
    },
  },
};

export default preview;
