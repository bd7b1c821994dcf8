import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createGatewayClient } from '../gateway/core/client';
import { createRuntime, RuntimeProvider } from './runtime';
import { useStyles } from './styles';

const client = createGatewayClient({
  baseURL: 'https://gw.test',
  auth: { kind: 'provider', spId: 1001 },
  fetch: (() => Promise.reject(new Error('no calls'))) as typeof fetch,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Part({ css }: { css: readonly string[] }) {
  useStyles(css);
  return null;
}

describe('useStyles', () => {
  it("adopts a part's sheets into its element's shadow root once; the part mounting again (a card opening after another) does not read the root's sheets", () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const runtime = createRuntime({ client, catalogue: {}, host });
    const card = ['.lk-test-card { color: red; }', '.lk-test-body { margin: 0; }'];
    const first = render(
      <RuntimeProvider runtime={runtime}>
        <Part css={card} />
      </RuntimeProvider>,
    );
    expect(root.adoptedStyleSheets).toHaveLength(2);
    first.unmount();

    const reads = vi.spyOn(root, 'adoptedStyleSheets', 'get');
    render(
      <RuntimeProvider runtime={runtime}>
        <Part css={card} />
      </RuntimeProvider>,
    );
    expect(reads).not.toHaveBeenCalled();

    // A part with a sheet of its own still adds it, once, after the others.
    const menu = '.lk-test-menu { padding: 0; }';
    render(
      <RuntimeProvider runtime={runtime}>
        <Part css={[card[0]!, menu]} />
      </RuntimeProvider>,
    );
    reads.mockRestore();
    expect(root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join())).toEqual([
      expect.stringContaining('lk-test-card'),
      expect.stringContaining('lk-test-body'),
      expect.stringContaining('lk-test-menu'),
    ]);
  });
});
