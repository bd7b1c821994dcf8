import { useLayoutEffect, type CSSProperties, type ReactNode } from 'react';
import { STORY_THEMES, type StoryThemeName } from './themes';

/**
 * The page around a story, as the toolbar's theme and direction make it: a theme's `--lk-*`
 * properties (and its page colours) on an element around the widgets, `dir="rtl"` for right to
 * left. With the defaults (light, left to right) the story renders as it is, unwrapped, so the
 * stories' tests see the same DOM as before. A theme with page colours paints the whole canvas
 * (the body under Storybook's padding) too: a dark page in a white frame is not what a host shows.
 */
export function StoryPage({ theme, rtl, children }: { theme: StoryThemeName; rtl: boolean; children: ReactNode }) {
  const chosen = STORY_THEMES[theme];
  const pageColours = 'page' in chosen ? chosen.page : null;
  useLayoutEffect(() => {
    if (!pageColours) return undefined;
    const { style } = document.body;
    const before = { background: style.background, color: style.color, colorScheme: style.colorScheme };
    Object.assign(style, { background: pageColours.background, color: pageColours.color, colorScheme: 'dark' });
    return () => void Object.assign(style, before);
  }, [pageColours]);
  if (theme === 'light' && !rtl) return children;
  const page = pageColours ? { background: pageColours.background, color: pageColours.color, padding: '1rem' } : {};
  return (
    <div dir={rtl ? 'rtl' : undefined} data-theme={theme} style={{ ...chosen.properties, ...page } as CSSProperties}>
      {children}
    </div>
  );
}
