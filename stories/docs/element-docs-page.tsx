import { Controls, Primary, Title, useOf } from '@storybook/addon-docs/blocks';
import { ElementReference } from './element-reference';
import { elementOf } from './manifest';

/**
 * The docs page of an element's stories file (`title: 'Elements/<tag>'`, `tags: ['autodocs']`,
 * `parameters: { docs: { page: ElementDocsPage } }`): the live element (the file's first story,
 * against the in-browser sandbox), its controls, then the reference tables from the contract.
 */
export function ElementDocsPage() {
  const { preparedMeta } = useOf('meta', ['meta']);
  const tag = /<([a-z-]+)>/.exec(preparedMeta.title)?.[1];
  if (!tag) throw new Error(`docs: no <tag> in the title "${preparedMeta.title}"`);
  return (
    <>
      <Title />
      <p>{elementOf(tag).description}</p>
      <Primary />
      <Controls />
      <ElementReference tag={tag} />
    </>
  );
}
