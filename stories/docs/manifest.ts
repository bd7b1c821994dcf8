import manifest from 'virtual:leadkit/custom-elements';
import type { ManifestElement, ManifestNamed } from '../../scripts/manifest/generate';

/**
 * The docs site's one source of reference facts: custom-elements.json, generated at build time
 * by the package's own generator (the `customElementsManifest` plugin of .storybook/main.ts). Nothing on an element
 * page or the theming page is typed here by hand.
 */
export const ELEMENTS: readonly ManifestElement[] = manifest.modules.flatMap((module) =>
  module.declarations.filter((declaration): declaration is ManifestElement => declaration.kind === 'class' && declaration.customElement),
);

export function elementOf(tag: string): ManifestElement {
  const element = ELEMENTS.find((candidate) => candidate.tagName === tag);
  if (!element) throw new Error(`docs: <${tag}> is not in custom-elements.json`);
  return element;
}

/** A public custom property and the tags that read it. */
export interface ThemeProperty extends ManifestNamed {
  readonly tags: readonly string[];
}

/** Every `--lk-*` property of every tag, once, in the order the manifest lists them (base.css's shared ones first). */
export const THEME_PROPERTIES: readonly ThemeProperty[] = (() => {
  const byName = new Map<string, ManifestNamed & { tags: string[] }>();
  for (const element of ELEMENTS) {
    for (const property of element.cssProperties) {
      const known = byName.get(property.name);
      if (known) known.tags.push(element.tagName);
      else byName.set(property.name, { ...property, tags: [element.tagName] });
    }
  }
  return [...byName.values()];
})();
