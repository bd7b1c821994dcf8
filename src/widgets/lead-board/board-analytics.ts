import { useMemo } from 'react';
import { useRuntime } from '../../runtime/runtime';
import type { AnalyticsProps, AnalyticsSink } from '../../contract/host-properties';

/**
 * The board's analytics activity location ("analytics activity location is the lead
 * board"), carried by every event the board sends. The spec names neither the property nor the
 * value: `activityLocation: 'Lead Board'` is ours (docs/widgets/lead-board.md#decisions-where-the-spec-is-silent).
 */
const LEAD_BOARD_ACTIVITY_LOCATION = { activityLocation: 'Lead Board' } as const satisfies AnalyticsProps;

/** A sink that adds the board's activity location to each page and track event (it wins over a same-named property). */
function withBoardActivityLocation(sink: AnalyticsSink): AnalyticsSink {
  return {
    page: (name, props) => sink.page(name, { ...props, ...LEAD_BOARD_ACTIVITY_LOCATION }),
    track: (event, props) => sink.track(event, { ...props, ...LEAD_BOARD_ACTIVITY_LOCATION }),
  };
}

/** The board's way to analytics: the host's sink (the runtime's, never throwing) with the activity location on every event. */
export function useBoardAnalytics(): AnalyticsSink {
  const { analytics } = useRuntime();
  return useMemo(() => withBoardActivityLocation(analytics), [analytics]);
}
