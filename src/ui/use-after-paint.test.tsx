import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useAfterPaint } from './use-after-paint';

afterEach(cleanup);

function Probe({ renders }: { renders: boolean[] }) {
  const afterPaint = useAfterPaint();
  renders.push(afterPaint);
  return <p>{afterPaint ? 'later part' : 'first frame'}</p>;
}

describe('useAfterPaint', () => {
  it('is false in the first render and true in the one React makes right after it', async () => {
    const renders: boolean[] = [];
    render(<Probe renders={renders} />);
    expect(renders[0]).toBe(false);
    expect(await screen.findByText('later part')).toBeTruthy();
    expect(renders.at(-1)).toBe(true);
  });
});
