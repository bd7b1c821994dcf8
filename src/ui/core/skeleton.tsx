import type { CSSProperties } from 'react';

/** A placeholder block of a fixed size (so the final content does not shift the page). */
export function Skeleton({
  width = '100%',
  height = 16,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span aria-hidden="true" className={className ? `lk-skeleton ${className}` : 'lk-skeleton'} style={style} />;
}
