import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { json, recordingFetch } from '../../test/helpers/recording-fetch';
import { createGatewayClient } from '../gateway/core/client';
import { defineFreshLeadPage, leadResponse } from '../../test/helpers/lead-page-fixture';

const defineFresh = defineFreshLeadPage;

type LeadPageElement = HTMLElement & { gateway: unknown; messages: unknown; locale: string | undefined };

/** A lead page in `parent` (default the body), with its attributes; resolves to the element and what its shadow root ever showed. */
function leadPage(attributes: Record<string, string>, parent: HTMLElement = document.body, messages?: Record<string, string>) {
  const recorder = recordingFetch((request) => json(200, leadResponse(Number(/leads\/(\d+)/.exec(request.url)?.[1]))));
  const element = document.createElement(defineFresh()) as LeadPageElement;
  element.gateway = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: 1001 }, fetch: recorder.fetch });
  if (messages) element.messages = messages;
  for (const [name, value] of Object.entries({ 'lead-id': '42', 'sp-id': '1001', ...attributes })) element.setAttribute(name, value);
  parent.append(element);
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(text(element)));
  if (element.shadowRoot) observer.observe(element.shadowRoot, { childList: true, subtree: true, characterData: true });
  return { element, seen, observer };
}

const text = (element: Element) => element.shadowRoot?.textContent ?? '';
const SPANISH = 'Preguntas frecuentes';
const ENGLISH = 'How it works';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

describe('the locale of an element', () => {
  it('is es-US for locale="es", and its first paint is already Spanish (no English before it)', async () => {
    const { element, seen, observer } = leadPage({ locale: 'es' });
    await waitFor(() => expect(text(element)).toContain(SPANISH));
    await waitFor(() => expect(text(element)).toContain('Lead 42'));
    observer.disconnect();
    expect(seen.some((shown) => shown.includes(ENGLISH) || shown.includes('FAQ'))).toBe(false);
    expect(text(element)).toContain('Cómo funciona');
  });

  it('follows the closest lang of an ancestor, then the page’s <html lang>', async () => {
    const spanishSection = document.createElement('section');
    spanishSection.lang = 'es-MX';
    document.body.append(spanishSection);
    const inSpanish = leadPage({}, spanishSection);
    const frenchSection = document.createElement('section');
    frenchSection.lang = 'fr';
    document.body.append(frenchSection);
    const inFrench = leadPage({}, frenchSection);
    await waitFor(() => expect(text(inSpanish.element)).toContain(SPANISH));
    await waitFor(() => expect(text(inFrench.element)).toContain(ENGLISH));

    document.documentElement.lang = 'es';
    const onSpanishPage = leadPage({});
    await waitFor(() => expect(text(onSpanishPage.element)).toContain(SPANISH));
  });

  it('lets the locale attribute win over lang: a language leadkit does not speak is en-US', async () => {
    document.documentElement.lang = 'es';
    const english = leadPage({ locale: 'en-US' });
    const french = leadPage({ locale: 'fr' });
    await waitFor(() => expect(text(english.element)).toContain(ENGLISH));
    await waitFor(() => expect(text(french.element)).toContain(ENGLISH));
  });

  it('keeps a host’s messages override over the Spanish text', async () => {
    const { element } = leadPage({ locale: 'es-US' }, document.body, { 'leadPage.faq.title': 'Dudas' });
    await waitFor(() => expect(text(element)).toContain('Cómo funciona'));
    expect(text(element)).toContain('Dudas');
    expect(text(element)).not.toContain(SPANISH);
  });

  it('switches language when the locale property changes (it reflects to the attribute)', async () => {
    const { element } = leadPage({});
    await waitFor(() => expect(text(element)).toContain(ENGLISH));
    element.locale = 'es';
    expect(element.getAttribute('locale')).toBe('es');
    await waitFor(() => expect(text(element)).toContain(SPANISH));
  });
});
