import { useCallback, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders a widget's React tree inside an open shadow root with the widget's CSS adopted,
 * the way its custom element does (src/elements/define-element.tsx), so component stories
 * look and cascade like the real thing: no page CSS leaks in, --lk-* custom properties and
 * ::part() rules set on the host apply.
 */
const sheets = new Map<string, CSSStyleSheet>();
function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

export const SHADOW_HOST_TEST_ID = 'shadow-host';

export interface ShadowFrameProps {
  /** CSS texts (imported `?inline`) to adopt, in order. */
  styles: readonly string[];
  /** Inline style of the host (e.g. --lk-* custom properties). */
  style?: CSSProperties;
  className?: string;
  /** Gets the host element, e.g. for a widget's event target. */
  children: (host: HTMLElement) => ReactNode;
}

export function ShadowFrame({ styles, style, className, children }: ShadowFrameProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
      shadow.adoptedStyleSheets = styles.map(sheetFor);
      setRoot(shadow);
    },
    [styles],
  );
  return (
    <div ref={attach} data-testid={SHADOW_HOST_TEST_ID} style={style} className={className}>
      {root ? createPortal(children(root.host as HTMLElement), root) : null}
    </div>
  );
}
