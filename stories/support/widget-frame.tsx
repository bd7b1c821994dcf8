import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { SITE_ROUTES } from '../../examples/site-routes.js';
import type { MessageCatalogue } from '../../src/i18n/en-US';
import { WidgetShell } from '../../src/runtime/widget-shell';
import type { HostInputs } from '../../src/runtime/host-inputs';
import { useSandbox } from './sandbox';
import { ShadowFrame } from './shadow-frame';
import { useStoryLocaleInputs } from './story-locale';

/**
 * A widget component as its element would show it: inside a shadow root with its CSS, under
 * a WidgetShell (per-instance jotai store + runtime) whose gateway is the story's sandbox, and
 * whose routes are the example site's (examples/site-routes.js: the pages the spec does not
 * locate, whose links show only with a host's route), unless the story gives its own.
 */
export function WidgetFrame({
  styles,
  catalogue,
  hostStyle,
  hostClassName,
  inputs,
  children,
}: {
  styles: readonly string[];
  /** The widget's catalogue parts (as its element passes them). */
  catalogue: MessageCatalogue;
  hostStyle?: CSSProperties;
  hostClassName?: string;
  /** More host inputs (messages, flags, analytics, routes…); the gateway is the sandbox's client. */
  inputs?: Omit<HostInputs, 'gateway'>;
  children: ReactNode;
}) {
  const sandbox = useSandbox();
  // A new store with every sandbox (a toolbar change), so no state of the last one lingers.
  const owner = useMemo(() => ({ sandbox }), [sandbox]);
  // The toolbar's or the story's locale (story-locale.tsx): `locale`, or pseudo-texts as `messages`.
  const localeInputs = useStoryLocaleInputs(inputs?.messages);
  return (
    <ShadowFrame styles={styles} style={hostStyle} className={hostClassName}>
      {(host) => (
        <WidgetShell owner={owner} host={host} catalogue={catalogue} inputs={{ routes: SITE_ROUTES, ...inputs, ...localeInputs, gateway: sandbox.client }}>
          {children}
        </WidgetShell>
      )}
    </ShadowFrame>
  );
}
