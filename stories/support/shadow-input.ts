import { expect, waitFor } from 'storybook/test';

/**
 * Types into a field inside a shadow root the way a keyboard does, as far as React can tell.
 * user-event prepares fields for React's value tracking only when their focus event reaches
 * `document` with the field as target; inside a shadow root the target is the host, so its
 * edits go unnoticed (the field shows the text but no onChange runs). Here each character is
 * written through the native value setter of the field's own kind (input or text area) and
 * announced with a composed input event. `replace` empties the field first.
 */
export async function typeText(field: HTMLElement, text: string, { replace = false } = {}) {
  const input = field as HTMLInputElement | HTMLTextAreaElement;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
  if (!setValue) throw new Error('no native value setter');
  input.focus();
  const announce = (value: string, data: string | null, inputType: string) => {
    setValue.call(input, value);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data, inputType }));
  };
  if (replace) announce('', null, 'deleteContentBackward');
  // A number field's value stays '' while its text is not a number; build from what it holds.
  let value = input.value;
  for (const char of text) {
    value += char;
    announce(value, char, 'insertText');
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Focus inside a shadow root: the document's active element is the host, the root's is the field. */
export async function expectFocused(element: HTMLElement) {
  await waitFor(() => expect((element.getRootNode() as ShadowRoot).activeElement).toBe(element));
}
