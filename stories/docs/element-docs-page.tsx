import { useContext } from 'react';
import { Controls, DocsContext, Primary, Title, useOf } from '@storybook/addon-docs/blocks';
import { TAG_NAMES, type LeadkitTag } from '../../src/contract/tags';
import { DocMarkdown } from './doc-markdown';
import { ElementReference } from './element-reference';
import { usageMarkdown } from './element-usage';
import { elementOf } from './manifest';

/** The widgets' guides (docs/widgets/<tag>.md), shown under each element's reference. */
const GUIDES = import.meta.glob<string>('../../docs/widgets/*.md', { query: '?raw', import: 'default', eager: true });

const isTag = (name: string): name is LeadkitTag => (TAG_NAMES as readonly string[]).includes(name);

/**
 * The docs page of an element's stories file (`title: 'Elements/<tag>'`, `tags: ['autodocs']`,
 * `parameters: { docs: { page: ElementDocsPage } }`): the live element (the file's first story,
 * against the in-browser sandbox) and its controls; how to use it — the tag in HTML, its
 * `leadkit/react` component, what connects it to a real gateway (element-usage.ts, with the live
 * element's own values); the reference tables from the contract; then the widget's guide.
 */
export function ElementDocsPage() {
  const { preparedMeta } = useOf('meta', ['meta']);
  const docs = useContext(DocsContext);
  const tag = /<([a-z-]+)>/.exec(preparedMeta.title)?.[1];
  if (!tag || !isTag(tag)) throw new Error(`docs: no leadkit <tag> in the title "${preparedMeta.title}"`);
  const guide = GUIDES[`../../docs/widgets/${tag}.md`];
  const { initialArgs } = docs.resolveOf('story', ['story']).story;
  return (
    <>
      <Title />
      <p>{elementOf(tag).description}</p>
      <Primary />
      <Controls />
      <div data-testid="element-usage">
        <DocMarkdown file={`docs/widgets/${tag}.md`} source={usageMarkdown(tag, initialArgs)} />
      </div>
      <ElementReference tag={tag} />
      {guide ? <DocMarkdown file={`docs/widgets/${tag}.md`} source={guide} /> : null}
    </>
  );
}
