import { lazy, Suspense, useEffect } from 'react';
import { useRuntime, withMessages } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import shellCss from './raq-funnel-shell.css?inline';
import { RAQ_FUNNEL_CATALOGUE } from './raq-funnel-messages';
import type { RaqFunnelProps } from './raq-funnel-props';
import { loadEntryStep } from './step-loaders';

export type { RaqFunnelProps };

/** The frame (state, progress, the step panel): loaded beside the entry step as the shell mounts. */
const loadFunnelFrame = () => import(/* lk:first-content */ './funnel-frame');
const FunnelFrame = lazy(loadFunnelFrame);

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
      <span aria-hidden="true" className="lk-skeleton lk-funnel-skeleton__progress" />
      <span aria-hidden="true" className="lk-skeleton lk-funnel-skeleton__panel" />
    </div>
  );
}

/**
 * `<raq-funnel>`: the customer request-a-quote funnel (issue #8; spec §1 customer side, §2 the
 * four routes, §3, §4 "Funnel", §6 one-time token). Its first load is this skeleton; the funnel
 * (funnel-frame.tsx: state, progress, the step panel) and the entry step load beside it as it
 * mounts, each later step as it is reached.
 */
export function RaqFunnel(props: RaqFunnelProps) {
  useEffect(() => {
    void loadFunnelFrame();
    void loadEntryStep();
  }, []);
  return (
    <Suspense fallback={<FunnelSkeleton />}>
      <FunnelFrame {...props} />
    </Suspense>
  );
}

/** The funnel with its own texts, for a widget that embeds it (the office app's routes). */
export const RaqFunnelWithMessages = withMessages(RaqFunnel, RAQ_FUNNEL_CATALOGUE);
