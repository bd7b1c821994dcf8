import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Field, type FieldLook } from './field';

afterEach(cleanup);

const LOOK: FieldLook = { className: 'test__field', errorClassName: 'test__error', errorPart: 'test-field-error' };

/** The texts that describe an element, in order (what a screen reader says after its name). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('<Field>', () => {
  it('its label names the control; without an error nothing describes it and it is not invalid', () => {
    render(
      <Field look={LOOK} id="zip" label="ZIP Code" error={null}>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'ZIP Code' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an error is said as it appears, marks the control invalid and describes it after its description, each once', () => {
    const { rerender } = render(
      <Field
        look={LOOK}
        id="zip"
        label="ZIP Code"
        className="test__field--short"
        description={{ text: 'Austin, TX', className: 'test__place', live: true }}
        error={null}
      >
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'ZIP Code' });
    expect(description(input)).toEqual(['Austin, TX']);
    expect(screen.getByText('Austin, TX').getAttribute('aria-live')).toBe('polite');
    rerender(
      <Field
        look={LOOK}
        id="zip"
        label="ZIP Code"
        className="test__field--short"
        description={{ text: '', className: 'test__place', live: true }}
        error="Enter a valid ZIP Code."
      >
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(description(input)).toEqual(['', 'Enter a valid ZIP Code.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Enter a valid ZIP Code.');
    // The form's own look: its classes and part.
    expect(alert.className).toBe('test__error');
    expect(alert.getAttribute('part')).toBe('test-field-error');
    expect(input.parentElement?.className).toBe('test__field test__field--short');
  });

  it('an error that is not an alert (errorAlert false) still describes the control', () => {
    render(
      <Field look={{ ...LOOK, errorAlert: false }} id="name" label="Name" error="Enter a name.">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(description(screen.getByRole('textbox', { name: 'Name' }))).toEqual(['Enter a name.']);
  });
});
