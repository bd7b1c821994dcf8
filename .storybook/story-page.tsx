import type { CSSProperties, ReactNode } from 'react';
import { STORY_THEMES, type StoryThemeName } from './themes';

/**
 * The page around a story, as the toolbar's theme and direction make it: a theme's `--lk-*`
 * properties (and its page colours) on an element around the widgets, `dir="rtl"` for right to
 * left. With the defaults (light, left to right) the story renders as it is, unwrapped, so the
 * stories' tests see the same DOM as before.
 */
export function StoryPage({ theme, rtl, children }: { theme: StoryThemeName; rtl: boolean; children: ReactNode }) {
  const chosen = STORY_THEMES[theme];
  if (theme === 'light' && !rtl) return children;
  const page = 'page' in chosen ? { background: chosen.page.background, color: chosen.page.color, padding: '1rem' } : {};
  return (
    <div dir={rtl ? 'rtl' : undefined} data-theme={theme} style={{ ...chosen.properties, ...page } as CSSProperties}>
      {children}
    </div>
  );
}
