import { Skeleton } from '../../../ui/core/skeleton';

/**
 * The list and the composer while they load: the size they will have (the list's box and the
 * composer row), so nothing jumps when they arrive.
 */
export function ThreadSkeleton({ label }: { label: string }) {
  return (
    <div className="lk-thread__body" aria-busy="true" aria-label={label} role="region" data-skeleton="">
      <div className="lk-thread__list lk-thread__list--skeleton">
        <ThreadSpinner />
      </div>
      <div className="lk-thread__status-line" />
      <div className="lk-thread__composer">
        <Skeleton className="lk-thread__text-skeleton" />
        <div className="lk-thread__composer-row">
          <Skeleton width={132} height={36} />
          <Skeleton width={72} height={36} />
        </div>
      </div>
    </div>
  );
}

/** The loading spinner; decorative: its container says what loads. */
export function ThreadSpinner() {
  return <span className="lk-thread__spinner" aria-hidden="true" />;
}
