import type { Widget } from '../../runtime/widget';
import { __Pascal__Root, type __Pascal__Props } from './__name__';
import { __CONST___CATALOGUE } from './__name__-messages';

/** `<__name__>`'s descriptor (docs/widget-shape.md): what its element and `<lead-app>` read about it. */
export const __camel__Widget: Widget<__Pascal__Props> = {
  component: __Pascal__Root,
  catalogue: __CONST___CATALOGUE,
};
