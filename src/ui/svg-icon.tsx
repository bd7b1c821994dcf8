/**
 * One inline SVG icon from a path (24×24 view box): no icon font, no network, fine under a
 * strict CSP. Decorative unless labelled. Apart from the icon map (icon.tsx), so a widget that
 * shows one icon does not load them all.
 */
export function SvgIcon({
  d,
  stroked = false,
  size = 20,
  className,
  label,
}: {
  d: string;
  stroked?: boolean;
  size?: number;
  className?: string;
  label?: string;
}) {
  return (
    <svg
      className={className ? `lk-icon ${className}` : 'lk-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path
        d={d}
        fill={stroked ? 'none' : 'currentColor'}
        stroke={stroked ? 'currentColor' : 'none'}
        strokeWidth={stroked ? 2 : undefined}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The warning sign of error panels. */
export const ALERT_PATH = 'M12 2 1 21h22L12 2Zm0 6 .01 0M11 10h2v5h-2zm0 7h2v2h-2z';

/** A trash can (remove an attached file, a saved reply): drawn with `stroked`. */
export const TRASH_PATH = 'M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6';
