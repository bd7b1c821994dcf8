import { Skeleton } from '../../../ui/core/skeleton';

/** Placeholder rows of the card's collapsed size. */
function BoardLeadCardSkeleton() {
  return (
    <li className="lk-card" aria-hidden="true" data-skeleton="">
      <div className="lk-card__header">
        <span className="lk-card__select" />
        {/* The read toggle's box (28 px), its dot inside. */}
        <span style={{ display: 'grid', placeItems: 'center', width: 28, height: 28 }}>
          <span className="lk-skeleton" style={{ width: 12, height: 12, borderRadius: 6 }} />
        </span>
        {/* A card's lines (board-list.css gives them their heights): the name, the date's, and on a phone the badges' line. */}
        <span className="lk-card__summary">
          <span className="lk-card__name">
            <span className="lk-skeleton" style={{ width: '40%', height: 18 }} />
          </span>
          <span className="lk-card__line lk-card__meta">
            <span className="lk-skeleton" style={{ width: '65%', height: 14 }} />
          </span>
          <span className="lk-card__badges" />
        </span>
        <span className="lk-skeleton" style={{ width: 96, height: 36 }} />
      </div>
    </li>
  );
}

/**
 * The list's placeholder: count, sort (its label's line over its control) and `rows` collapsed
 * cards, the size of the list to come (lead-board.css).
 */
export function BoardSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-busy="true" data-skeleton="">
      <div className="lk-board__list-header">
        <p className="lk-board__skeleton-line">
          <Skeleton width={220} height={18} />
        </p>
        <span className="lk-board__skeleton-sort">
          <span className="lk-board__skeleton-line">
            <Skeleton width={56} height={12} />
          </span>
          <Skeleton width={200} height={40} />
        </span>
      </div>
      <ul className="lk-board__list">
        {Array.from({ length: rows }, (_, index) => (
          <BoardLeadCardSkeleton key={index} />
        ))}
      </ul>
    </div>
  );
}
