import { useContext } from 'react';
import { Controls, DocsContext, HeaderMdx, Markdown, Primary } from '@storybook/addon-docs/blocks';
import { DocMarkdown } from './doc-markdown';
import { githubSlug, HOME_FILE } from './site-pages';

/**
 * A Markdown page of the docs site (written by .storybook/doc-pages.ts, one per file): the file as
 * it is in the repository. The first page (the README) says first what the site is; a page with a
 * stories file of its own (stories/docs/<id>.stories.tsx, e.g. theming) shows its first story
 * live after the text, under the story's name, with its description and controls.
 */
export function DocPage({ file, source }: { file: string; source: string }) {
  return (
    <>
      {file === HOME_FILE ? (
        <blockquote>
          <p>
            Every widget on this site is live: it runs in your browser against the sandbox gateway (<code>@leadkit/sandbox</code>, its seed data and a fixed
            clock), with no server. The toolbar switches its language, direction, theme, viewport, and the gateway&apos;s faults.
          </p>
        </blockquote>
      ) : null}
      <DocMarkdown file={file} source={source} />
      <LiveStory />
    </>
  );
}

/** The first story of the stories file the page is attached to, if any. */
function LiveStory() {
  const docs = useContext(DocsContext);
  let story: { name: string; parameters: { docs?: { description?: { story?: string } } } } | undefined;
  try {
    story = docs.resolveOf('story', ['story']).story;
  } catch {
    return null; // a page of Markdown alone
  }
  const description = story.parameters.docs?.description?.story;
  return (
    <>
      <HeaderMdx as="h2" id={githubSlug(story.name)}>
        {story.name}
      </HeaderMdx>
      {description ? <Markdown>{description}</Markdown> : null}
      <Primary />
      <Controls />
    </>
  );
}
