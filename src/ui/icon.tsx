import { ALERT_PATH, SvgIcon } from './svg-icon';

/**
 * Inline SVG icons (no icon font, no network, fine under a strict CSP). Category icons are
 * chosen by icon group; unknown groups fall back to the generic icon.
 */
const PATHS = {
  alert: ALERT_PATH,
  home: 'M3 11 12 3l9 8v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1V11Z',
  auto: 'M5 16h14l-1.5-6.5A2 2 0 0 0 15.6 8H8.4a2 2 0 0 0-1.9 1.5L5 16Zm-1 0h16v3h-2v2h-2v-2H8v2H6v-2H4v-3Zm3.5 1.5a1 1 0 1 0 0-.01Zm9 0a1 1 0 1 0 0-.01Z',
  health: 'M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7V3Z',
  pets: 'M12 13c-3 0-6 3.5-6 6a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2c0-2.5-3-6-6-6ZM6.5 11a2 2.5 0 1 0 0-.01ZM17.5 11a2 2.5 0 1 0 0-.01ZM9.5 7a2 2.5 0 1 0 0-.01ZM14.5 7a2 2.5 0 1 0 0-.01Z',
  events: 'M4 6h16v14H4V6Zm0 4h16M8 3v5m8-5v5',
  generic: 'M14.7 6.3a4 4 0 0 0-5.4 5.1L3 17.7 6.3 21l6.3-6.3a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.6-.7-.7-2.6 2.8-2.2Z',
  phone:
    'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.24 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z',
  mail: 'M3 5h18v14H3V5Zm0 1 9 7 9-7',
  pin: 'M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Zm0-9.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  check: 'M4 12.5 9 17.5 20 6.5',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 8h2v7h-2v-7Zm0-4h2v2h-2V6Z',
} as const;

export type IconName = keyof typeof PATHS;
const STROKED: ReadonlySet<IconName> = new Set(['mail', 'events', 'check']);

export function Icon({ name, size = 20, className, label }: { name: IconName; size?: number; className?: string; label?: string }) {
  return <SvgIcon d={PATHS[name]} stroked={STROKED.has(name)} size={size} className={className} label={label} />;
}
