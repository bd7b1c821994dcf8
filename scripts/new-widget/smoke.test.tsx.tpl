import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWidget } from '../../../test/helpers/render-widget';
import { __camel__Messages } from '../../i18n/en-US/__name__';
import { __camel__MessagesEs } from '../../i18n/es-US/__name__';
import { __camel__Widget } from './__name__.widget';

afterEach(cleanup);

/** The widget in its shape (docs/widget-shape.md): its descriptor renders, its texts are in both catalogues. */
describe('<__name__> smoke', () => {
  it('renders its descriptor’s component with its descriptor’s texts', () => {
    const { component: Component, catalogue } = __camel__Widget;
    renderWidget(<Component />, catalogue);
    expect(screen.getByRole('heading', { name: catalogue['__camel__.title'] })).toBeTruthy();
  });

  it('has each of its texts in en-US and es-US', () => {
    expect(Object.keys(__camel__MessagesEs).sort()).toEqual(Object.keys(__camel__Messages).sort());
    for (const key of Object.keys(__camel__Messages)) expect(__camel__Widget.catalogue).toHaveProperty(key);
  });
});
