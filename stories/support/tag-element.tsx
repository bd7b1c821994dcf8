import { useCallback } from 'react';
import { ElementHost } from './element-host';
import { useSandbox } from './sandbox';
import { useStoryLocaleInputs } from './story-locale';

/**
 * A leadkit tag configured as a host page configures it, through its public API only:
 * attributes (an undefined or '' value is left out), the story sandbox's gateway config as the
 * `gateway` property, the toolbar's locale (the `locale` attribute, or the pseudo-locale as
 * `messages`), and any other JS `properties`. `properties` must be stable (memoized or
 * module-level): a new object recreates the element.
 */
export function TagElement({
  tag,
  attributes,
  properties,
}: {
  tag: string;
  attributes: Readonly<Record<string, string | number | boolean | undefined>>;
  properties?: Readonly<Record<string, unknown>>;
}) {
  const sandbox = useSandbox();
  const { locale, messages } = useStoryLocaleInputs();
  const key = JSON.stringify(attributes);
  const setup = useCallback(
    (element: HTMLElement) => {
      const values = JSON.parse(key) as Record<string, string | number | boolean | null>;
      for (const [name, value] of Object.entries(values)) {
        if (value === null || value === '' || value === false) continue;
        element.setAttribute(name, value === true ? '' : String(value));
      }
      if (locale) element.setAttribute('locale', locale);
      Object.assign(element, { gateway: sandbox.config, ...(messages ? { messages } : {}), ...properties });
    },
    [key, locale, messages, properties, sandbox],
  );
  return <ElementHost tag={tag} setup={setup} />;
}
