/**
 * Saved replies kept by the host, as a real office site would keep them in its own
 * backend: here the sandbox's `/sandbox/saved-replies/{sp}` endpoint. The element's
 * `savedReplies` property is set from it (left unset while the provider has saved none: the
 * thread shows its defaults), and each `lk-saved-replies-change` is stored and set back.
 * leadkit itself never stores them.
 *
 * `element` is a <message-thread> or a <lead-app> (it renders the thread); `spId()` names the
 * provider whose replies they are.
 */
export function keepSavedReplies(element, spId) {
  const url = () => `/sandbox/saved-replies/${encodeURIComponent(spId())}`;
  let loaded = null;
  const load = () => {
    const provider = spId();
    if (!provider || provider === loaded) return;
    loaded = provider;
    fetch(url())
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => {
        if (body && spId() === provider) element.savedReplies = Array.isArray(body.savedReplies) ? body.savedReplies : null;
      })
      .catch(() => {});
  };
  element.addEventListener('lk-saved-replies-change', (event) => {
    element.savedReplies = event.detail.savedReplies;
    fetch(url(), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ savedReplies: event.detail.savedReplies }) }).catch(
      () => {},
    );
  });
  load();
  return load;
}
