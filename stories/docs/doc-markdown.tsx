import {
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type AnchorHTMLAttributes,
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type TableHTMLAttributes,
} from 'react';
import { CodeOrSourceMdx, DocsContext, HeaderMdx, Markdown } from '@storybook/addon-docs/blocks';
import { NAVIGATE_URL } from 'storybook/internal/core-events';
import { keepAtTop, managerWindow, requestedAnchor } from './anchors';
import { anchorsOf, githubSlugger, siteLink, withBlankLineBeforeFences, type SiteLink } from './site-pages';
import { SITE_LINKS } from './site-files';

/**
 * A page of the repository's Markdown (README.md, docs/**), shown as it is in the repository
 * (imported with `?raw`: each fact is written once, there), with what a page on GitHub has:
 * - headings carry GitHub's anchors (`## Provider sign-in` → `#provider-sign-in`, a repeated one
 *   numbered), so an `#anchor` written for GitHub lands here on the same heading;
 * - a relative link goes to this site's page when the site carries the file (at the heading its
 *   anchor names: ./site-pages.ts), to the repository on GitHub when it does not (a source file);
 * - code blocks are Storybook's, with highlighting and a copy button.
 * Opened at an anchor (the manager's `#…`), the page keeps that heading in view while it settles
 * (./anchors.ts).
 */

type Navigate = (url: string) => void;

const plainClick = (event: MouseEvent) => event.button === 0 && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;

/** A link of the page, by where it goes. */
function SiteAnchor({
  link,
  navigate,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { link: SiteLink; navigate: Navigate; children?: ReactNode }) {
  if (link.kind === 'anchor') {
    // A heading of this page: scrolled to here, and the manager's address names it (a reader can share it).
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      const target = document.getElementById(decodeURIComponent(link.href.slice(1)));
      if (!plainClick(event) || !target || !managerWindow()) return;
      event.preventDefault();
      target.scrollIntoView({ block: 'start' });
      navigate(link.href);
    };
    return (
      <a {...rest} href={link.href} target="_self" data-site-link="anchor" onClick={onClick}>
        {children}
      </a>
    );
  }
  if (link.kind === 'page') {
    // In the manager: an in-app navigation to the page and its heading (the manager's address
    // changes; the new page reads its anchor from it). Opened alone, or in a new tab: the address itself.
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!plainClick(event) || !managerWindow()) return;
      event.preventDefault();
      navigate(`?path=/docs/${link.entry}${link.anchor ? `#${encodeURIComponent(link.anchor)}` : ''}`);
    };
    return (
      <a {...rest} href={link.href} target="_top" data-site-link="page" onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <a {...rest} href={link.href} target="_blank" rel="noreferrer" data-site-link={link.kind}>
      {children}
    </a>
  );
}

/** Inline code as Storybook shows it (one line: a code span the text wraps is still inline). */
function Code({ children }: HTMLAttributes<HTMLElement>) {
  return <CodeOrSourceMdx>{typeof children === 'string' ? children.replace(/\s*[\n\r]\s*/g, ' ') : children}</CodeOrSourceMdx>;
}

/**
 * A code block (Markdown's `<pre><code class="lang-…">`) as Storybook's Source block (highlighting,
 * a copy button), in a `data-code-block` box: its text is there once the highlighter, loaded
 * lazily, has rendered.
 */
function Pre({ children }: HTMLAttributes<HTMLPreElement>) {
  const code = isValidElement<HTMLAttributes<HTMLElement>>(children) ? children.props : { children };
  return (
    <div data-code-block="">
      <CodeOrSourceMdx className={code.className ?? 'lang-text'}>{code.children}</CodeOrSourceMdx>
    </div>
  );
}

/**
 * A wide table scrolls on its own, not the page (a phone, or the gateway config's table); a long
 * code span in a cell wraps (Storybook keeps inline code on one line, which made one column
 * take the table's width).
 */
const Table = (props: TableHTMLAttributes<HTMLTableElement>) => (
  <div className="lk-doc-table">
    <table {...props} />
  </div>
);
const STYLES = '.lk-doc-table { overflow-x: auto; } .lk-doc-table td code { white-space: normal; overflow-wrap: anywhere; }';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
const Headings = Object.fromEntries(
  HEADINGS.map((as) => [
    as,
    ({ id, children, ...rest }: HTMLAttributes<HTMLHeadingElement>) => (
      <HeaderMdx as={as} id={id ?? ''} {...rest}>
        {children}
      </HeaderMdx>
    ),
  ]),
);

export function DocMarkdown({ file, source }: { file: string; source: string }) {
  const root = useRef<HTMLDivElement>(null);
  const docs = useContext(DocsContext);
  const navigate: Navigate = useCallback((url) => docs.channel.emit(NAVIGATE_URL, url), [docs]);

  useEffect(() => {
    const anchor = requestedAnchor();
    const target = anchor ? document.getElementById(anchor) : null;
    if (target && root.current?.contains(target)) return keepAtTop(anchor);
    return undefined;
  }, []);

  const headings = useMemo(() => new Set(anchorsOf(source, { headingsOnly: true })), [source]);
  const overrides = useMemo(
    () => ({
      a: ({ href, id, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) => {
        // `<a id="…"></a>`: an anchor the page writes itself, not a link (kept off a heading that has its id already).
        if (href === undefined) return <a {...rest} id={id && headings.has(id) ? undefined : id} />;
        return <SiteAnchor {...rest} id={id} link={siteLink(file, href, SITE_LINKS)} navigate={navigate} />;
      },
      code: Code,
      pre: Pre,
      table: Table,
      ...Headings,
    }),
    [file, navigate, headings],
  );
  // A fresh slugger for each compile (markdown-to-jsx compiles on each render, and the options
  // are made on each render): a page's anchors are numbered from its first heading every time.
  const slug = githubSlugger();
  const options = { slugify: (text: string) => slug(text), overrides };
  return (
    <div ref={root} data-doc-file={file}>
      <style>{STYLES}</style>
      <Markdown options={options}>{withBlankLineBeforeFences(source)}</Markdown>
    </div>
  );
}
