import type { ReactNode } from 'react';
import { elementOf } from './manifest';

/**
 * An element's reference tables, read from custom-elements.json (stories/docs/manifest.ts):
 * attributes, properties, events with their detail types, CSS parts, CSS custom properties and
 * slots. Rendered under the live element on each element's docs page (element-docs-page.tsx).
 */

const Code = ({ children }: { children: ReactNode }) => <code>{children}</code>;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {count === 0 ? <p>None.</p> : children}
    </section>
  );
}

function Table({ head, rows }: { head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell}>{cell}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // The rows of a page never change: the manifest's order.
          <tr key={index}>
            {row.map((cell, column) => (
              <td key={column}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ElementReference({ tag }: { tag: string }) {
  const element = elementOf(tag);
  const slots = (element as { slots?: readonly { name: string; description: string }[] }).slots ?? [];
  return (
    <div data-testid="element-reference">
      <p>
        Class <Code>{element.name}</Code>, exported by <Code>leadkit/define</Code>. These tables are generated from <Code>custom-elements.json</Code> (the
        package's <Code>leadkit/custom-elements.json</Code>), the same file your editor reads.
      </p>
      <Section title="Attributes" count={element.attributes.length}>
        <Table
          head={['Attribute', 'Type', 'Description']}
          rows={element.attributes.map((attribute) => [
            <Code key="n">{attribute.name}</Code>,
            <Code key="t">{attribute.type.text}</Code>,
            attribute.description,
          ])}
        />
      </Section>
      <Section title="Properties" count={element.members.length}>
        <Table
          head={['Property', 'Type', 'Attribute', 'Description']}
          rows={element.members.map((member) => [
            <Code key="n">{member.name}</Code>,
            <Code key="t">{member.type.text}</Code>,
            member.attribute ? <Code key="a">{member.attribute}</Code> : '—',
            member.description,
          ])}
        />
      </Section>
      <Section title="Events" count={element.events.length}>
        <Table
          head={['Event', 'Detail type', 'Description']}
          rows={element.events.map((event) => [<Code key="n">{event.name}</Code>, <Code key="t">{event.type.text}</Code>, event.description])}
        />
      </Section>
      <Section title="CSS parts" count={element.cssParts.length}>
        <Table head={['Part', 'Description']} rows={element.cssParts.map((part) => [<Code key="n">{`::part(${part.name})`}</Code>, part.description])} />
      </Section>
      <Section title="CSS custom properties" count={element.cssProperties.length}>
        <Table
          head={['Property', 'Default', 'Description']}
          rows={element.cssProperties.map((property) => [
            <Code key="n">{property.name}</Code>,
            property.default === undefined ? '—' : <Code key="d">{property.default}</Code>,
            property.description,
          ])}
        />
      </Section>
      <Section title="Slots" count={slots.length}>
        <Table head={['Slot', 'Description']} rows={slots.map((slot) => [<Code key="n">{slot.name || '(default)'}</Code>, slot.description])} />
      </Section>
    </div>
  );
}
