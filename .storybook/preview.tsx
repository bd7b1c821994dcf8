import type { Preview } from '@storybook/react-vite';
import { configureShadowQueries } from '../stories/support/queries';
import { finishPartsCheck, startPartsCheck } from './parts-check';
import { createStorySandbox, FAULT_SCENARIOS, SandboxProvider, sandboxOf, type SandboxParameters } from '../stories/support/sandbox';

/**
 * Every story renders against its own sandbox gateway (@leadkit/sandbox, packages/sandbox): the global loader makes one
 * per story render, in-process (no network), so stories never share data or faults and a
 * toolbar change starts from fresh seed data. The decorator provides it to the React tree
 * (`useSandbox()`); play functions read it as `context.loaded.sandbox` (`sandboxOf(context)`).
 *
 * Faults: the toolbar's "Fault" global applies one scenario to every gateway route; a story
 * pins its own with `parameters: { sandbox: { fault: { status: 500 } } }` (see
 * stories/support/sandbox.tsx for the shapes). A story's own fault wins over the toolbar's.
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
  },
  initialGlobals: { fault: 'none' },
  loaders: [
    (context) => ({
      sandbox: createStorySandbox(context.globals.fault, context.parameters.sandbox as SandboxParameters | undefined),
    }),
  ],
  // Every part a story shows must be in custom-elements.json (its tag's docs): see parts-check.ts.
  beforeEach: (context) => startPartsCheck(context.title),
  afterEach: () => finishPartsCheck(),
  decorators: [
    (Story, context) => (
      <SandboxProvider sandbox={sandboxOf(context)}>
        <Story />
      </SandboxProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    // Violations fail the story (in the Storybook UI's test panel and in `vitest --project storybook`).
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
