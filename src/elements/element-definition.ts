import type { ComponentType } from 'react';
import type { MessageCatalogue } from '../i18n/en-US';
import type { LeadkitTag, TagAttributeProps } from '../contract/tags';
import type { ElementStart } from '../runtime/widget';

/**
 * A tag bound to its widget. The tag's attributes and reserve come from the tag table
 * (`TAGS`); the widget must take them as props (the compiler checks it).
 */
export interface ElementDefinition<T extends LeadkitTag = LeadkitTag> {
  /** Tag name without prefix, e.g. `lead-page`. */
  readonly tag: T;
  readonly component: ComponentType<TagAttributeProps<T>>;
  /** The texts the widget shows first: its parts of the en-US catalogue (lazy parts bring theirs). */
  readonly catalogue: MessageCatalogue;
  /**
   * Starts the lazy parts of the widget's first screen as the element connects (its list, its
   * body, the office app's route), so they are here by its first render (ui/lazy-part.ts);
   * settles once they are (a server's first screen hydrates then). `start` lets it begin its
   * first data before the first render (runtime/widget.ts).
   */
  readonly preload?: ((element: HTMLElement, start: ElementStart) => Promise<unknown>) | undefined;
}

export function elementDefinition<T extends LeadkitTag>(
  tag: T,
  component: ComponentType<TagAttributeProps<T>>,
  catalogue: MessageCatalogue,
  preload?: (element: HTMLElement, start: ElementStart) => Promise<unknown>,
): ElementDefinition<T> {
  return { tag, component, catalogue, preload };
}
