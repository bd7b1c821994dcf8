import { useRuntime } from '../../runtime/runtime';

/** A pro's rating line: 'Rated 4.7 out of 5 · 212 reviews', or 'No rating yet'. */
export function ProRating({ rating, reviewCount }: { rating: number | null | undefined; reviewCount: number | null | undefined }) {
  const { t } = useRuntime();
  if (rating === null || rating === undefined) return <span className="lk-funnel__rating">{t('funnel.pro.noRating')}</span>;
  return (
    <span className="lk-funnel__rating">
      <span className="lk-funnel__stars" aria-hidden="true">
        ★
      </span>
      <span>{t('funnel.pro.rating', { rating: rating.toFixed(1) })}</span>
      {reviewCount ? <span className="lk-funnel__review-count">{t('funnel.pro.reviewCount', { count: reviewCount })}</span> : null}
    </span>
  );
}
