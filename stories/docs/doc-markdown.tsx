import { useMemo, type AnchorHTMLAttributes } from 'react';
import { Markdown } from '@storybook/addon-docs/blocks';
import packageJson from '../../package.json';

/**
 * A page of the repository's Markdown (README.md, docs/*.md), shown as it is in the repository
 * (imported with `?raw`: each fact is written once, there). Its relative links are rewritten:
 * to this site's page for the files the site shows, to the repository on GitHub for the others.
 */

/** Repository file → docs-site entry id (the MDX pages in this folder and the element pages). */
const SITE_PAGES: Readonly<Record<string, string>> = {
  'README.md': 'docs-getting-started--docs',
  'docs/embedding.md': 'docs-embedding--docs',
  'docs/server-rendering.md': 'docs-server-rendering--docs',
  'docs/gateway.md': 'docs-gateway-and-sign-in--docs',
  'docs/theming.md': 'docs-theming--docs',
  'docs/languages.md': 'docs-languages-and-direction--docs',
  'docs/browser-support.md': 'docs-browser-support-and-size--docs',
  'docs/benchmarks.md': 'docs-browser-support-and-size--docs',
  ...Object.fromEntries(
    ['lead-board', 'lead-page', 'message-thread', 'review-request', 'raq-funnel', 'lead-app'].map((tag) => [`docs/widgets/${tag}.md`, `elements-${tag}--docs`]),
  ),
};

/** https://github.com/owner/name, from package.json's `repository`. */
const REPOSITORY = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Where a link of `file` goes on this site (a top-level navigation) or on GitHub. */
export function siteHref(file: string, href: string): { href: string; external: boolean } {
  if (/^[a-z]+:/i.test(href) || href.startsWith('#')) return { href, external: /^https?:/i.test(href) };
  const resolved = new URL(href, `https://repository.invalid/${file}`);
  const target = decodeURIComponent(resolved.pathname.slice(1));
  const page = SITE_PAGES[target];
  if (page) return { href: `./?path=/docs/${page}`, external: false };
  return { href: `${REPOSITORY}/blob/main/${target}${resolved.hash}`, external: true };
}

/** An `<a>` of `file`'s Markdown, its href rewritten by siteHref. */
function linkOf(file: string) {
  return function Link({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
    if (href.startsWith('#'))
      return (
        <a {...rest} href={href}>
          {children}
        </a>
      );
    const target = siteHref(file, href);
    return (
      <a {...rest} href={target.href} target={target.external ? '_blank' : '_top'} rel={target.external ? 'noreferrer' : undefined}>
        {children}
      </a>
    );
  };
}

export function DocMarkdown({ file, source }: { file: string; source: string }) {
  const options = useMemo(() => ({ overrides: { a: linkOf(file) } }), [file]);
  return <Markdown options={options}>{source}</Markdown>;
}
