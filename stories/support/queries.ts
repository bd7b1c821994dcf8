import { configure, prettyDOM, waitFor, within as withinElement } from 'storybook/test';
import { SHADOW_HOST_TEST_ID } from './shadow-frame';
import { localizedMatcher } from './story-text';

/**
 * Testing Library prints the container when a query fails, and its prettyDOM refuses a
 * ShadowRoot ("Expected an element or document but got ShadowRoot"), which hides the real
 * message. Print a shadow root's children instead. Also waits longer (below). Called once from
 * .storybook/preview.tsx.
 */
export function configureShadowQueries(): void {
  configure({
    // findBy…/waitFor wait for a state, not for a moment: on a busy machine (CI runs the stories
    // beside the e2e files and the host fixtures' builds) a lazily loaded step or a sandbox answer
    // can take more than the default second — and more than 5 s: in a clean-clone CI run (load
    // 10–12 on two cores) 'One Page' took 5.7 s against 1.0 s alone, and 'Archive Failure' missed
    // its alert at 5 s. A bound for a hung story, as shadowOf's (below), not a speed check.
    asyncUtilTimeout: 15_000,
    getElementError(message, container) {
      const dom =
        container instanceof ShadowRoot
          ? [...container.children].map((child) => prettyDOM(child) || '').join('\n')
          : container
            ? prettyDOM(container) || ''
            : '';
      const error = new Error([message, dom].filter(Boolean).join('\n\n'));
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });
}

/** Queries whose first argument is a text the widget shows (its role queries take theirs as `name`). */
const TEXT_QUERIES = /By(Text|LabelText|PlaceholderText|Title|AltText)$/;

/**
 * Testing Library's queries on `container`, reading the texts they are given as en-US texts of the
 * catalogue and looking for them in the story's locale (story-text.ts): `getByRole('button', {
 * name: 'Try again' })` finds 'Intentar de nuevo' in es-US. A RegExp, a function or a text that is
 * no catalogue text (a customer's name) is looked for as it is.
 */
export function within(container: HTMLElement | ShadowRoot) {
  const queries = withinElement(container as unknown as HTMLElement);
  const wrapped: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) {
    if (typeof query !== 'function') {
      wrapped[name] = query;
      continue;
    }
    const call = query as (...args: unknown[]) => unknown;
    if (name.endsWith('ByRole')) {
      wrapped[name] = (role: unknown, options?: { name?: unknown }, ...rest: unknown[]) =>
        call(role, options && typeof options.name === 'string' ? { ...options, name: localizedMatcher(options.name) } : options, ...rest);
    } else if (TEXT_QUERIES.test(name)) {
      wrapped[name] = (matcher: unknown, ...rest: unknown[]) => call(typeof matcher === 'string' ? localizedMatcher(matcher) : matcher, ...rest);
    } else {
      wrapped[name] = call;
    }
  }
  return wrapped as typeof queries;
}

/** Testing Library queries bound to a shadow root (they do not pierce shadow DOM themselves), texts in the story's locale. */
export function withinShadow(root: ShadowRoot) {
  return within(root);
}

/**
 * Waits for the element matched by `selector` under `container` to have rendered into its
 * shadow root; returns the host, its root and queries bound to the root.
 */
export async function shadowOf(container: HTMLElement | ShadowRoot, selector = `[data-testid="${SHADOW_HOST_TEST_ID}"]`) {
  // A bound for a hung story, not a speed check: a widget renders nothing until its locale's
  // texts are here (es-US is a chunk of its own), and under CI's load that took over the default 1 s.
  const host = await waitFor(
    () => {
      const found = container.querySelector<HTMLElement>(selector);
      if (!found?.shadowRoot?.firstElementChild) throw new Error(`${selector} has not rendered into its shadow root yet`);
      return found;
    },
    { timeout: 15_000 },
  );
  const root = host.shadowRoot as ShadowRoot;
  return { host, root, canvas: withinShadow(root) };
}
