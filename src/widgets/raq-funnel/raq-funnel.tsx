import { Suspense, useEffect } from 'react';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import shellCss from './raq-funnel-shell.css?inline';
import type { RaqFunnelProps } from './raq-funnel-props';
import { STEP_PARTS } from './step-loaders';
import { FunnelFrame, preloadRaqFunnel } from './frame-loader';
import { Skeleton } from '../../ui/core/skeleton';

const SHELL_STYLES = [shellCss];

/** The funnel's size while it loads (the progress row and the first step's panel): nothing jumps. */
function FunnelSkeleton() {
  const { t } = useRuntime();
  useStyles(SHELL_STYLES);
  return (
    <div part="raq-funnel" className="lk-funnel-skeleton" aria-busy="true">
      <p className="lk-visually-hidden" role="status">
        {t('funnel.loading')}
      </p>
      {/* The shapes of the progress row and of the entry step's panel: its heading, two fields, its button. */}
      <div aria-hidden="true" className="lk-funnel-skeleton__progress">
        {Object.keys(STEP_PARTS).map((step) => (
          <span key={step} className="lk-funnel-skeleton__step">
            <Skeleton width={24} height={24} radius={12} />
            <Skeleton width="60%" height={12} />
          </span>
        ))}
      </div>
      <div aria-hidden="true" className="lk-funnel-skeleton__panel">
        <Skeleton width="65%" height={24} />
        <Skeleton width="40%" height={14} />
        <Skeleton height={40} />
        <Skeleton width="20%" height={14} />
        <Skeleton width="40%" height={40} />
        <Skeleton width={110} height={40} />
      </div>
    </div>
  );
}

/**
 * `<raq-funnel>`: the customer request-a-quote funnel (docs/widgets/raq-funnel.md: its four
 * steps, the customer's one-time token). Its first load is this skeleton; the funnel
 * (funnel-frame.tsx: state, progress, the step panel) and the entry step load beside it as it
 * mounts, each later step as it is reached.
 */
export function RaqFunnelRoot(props: RaqFunnelProps) {
  useEffect(() => {
    preloadRaqFunnel().catch(() => undefined);
  }, []);
  return (
    <Suspense fallback={<FunnelSkeleton />}>
      <FunnelFrame {...props} />
    </Suspense>
  );
}
