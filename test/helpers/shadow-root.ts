/**
 * A host element with an open shadow root in the document, a render container inside it, and a
 * paragraph of page text outside it (for "a press on the page" tests). `remove()` takes both
 * out of the document again.
 */
export function mountInShadowRoot() {
  const host = document.createElement('div');
  const outside = document.createElement('p');
  outside.textContent = 'Host page text';
  document.body.append(host, outside);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  return {
    host,
    shadow,
    container,
    outside,
    remove() {
      host.remove();
      outside.remove();
    },
  };
}
