import { Controls, Primary, Title, useOf } from '@storybook/addon-docs/blocks';
import { DocMarkdown } from './doc-markdown';
import { ElementReference } from './element-reference';
import { elementOf } from './manifest';

/** The widgets' guides (docs/widgets/<tag>.md), shown under each element's reference. */
const GUIDES = import.meta.glob<string>('../../docs/widgets/*.md', { query: '?raw', import: 'default', eager: true });

/**
 * The docs page of an element's stories file (`title: 'Elements/<tag>'`, `tags: ['autodocs']`,
 * `parameters: { docs: { page: ElementDocsPage } }`): the live element (the file's first story,
 * against the in-browser sandbox) and its controls, the reference tables from the contract,
 * then the widget's guide.
 */
export function ElementDocsPage() {
  const { preparedMeta } = useOf('meta', ['meta']);
  const tag = /<([a-z-]+)>/.exec(preparedMeta.title)?.[1];
  if (!tag) throw new Error(`docs: no <tag> in the title "${preparedMeta.title}"`);
  const guide = GUIDES[`../../docs/widgets/${tag}.md`];
  return (
    <>
      <Title />
      <p>{elementOf(tag).description}</p>
      <Primary />
      <Controls />
      <ElementReference tag={tag} />
      {guide ? <DocMarkdown file={`docs/widgets/${tag}.md`} source={guide} /> : null}
    </>
  );
}
