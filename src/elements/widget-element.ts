import type { Widget } from '../runtime/widget';
import { elementDefinition, type ElementDefinition } from './element-definition';
import type { LeadkitTag, TagAttributeProps } from '../contract/tags';

/** A tag bound to its widget's descriptor (src/widgets/<name>/<name>.widget.ts, docs/widget-shape.md): the element reads its component, texts and preload there. */
export function widgetElement<T extends LeadkitTag>(tag: T, widget: Widget<TagAttributeProps<T>>): ElementDefinition<T> {
  return elementDefinition(tag, widget.component, widget.catalogue, widget.preload);
}
