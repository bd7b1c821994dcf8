import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects — after the '@' and before each '.' —
 * instead of mid-word ('priya.patel@example.co / m'), as text (customer data is never markup).
 * Where even a part is wider than its box, CSS `overflow-wrap: anywhere` still applies.
 */
export function BreakableEmail({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
