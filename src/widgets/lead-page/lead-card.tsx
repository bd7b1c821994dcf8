import { useId, type MouseEvent } from 'react';
import { iconGroupFor } from '../../domain/category-icons';
import { formatPhoneDisplay, telHref } from '../../domain/core/phone';
import { shownUrgency } from '../../domain/urgency';
import { mailtoHref, mapsHref, safeHref } from '../../domain/core/safe-url';
import { useRuntime } from '../../runtime/runtime';
import { Icon } from '../../ui/icon';
import { BreakableEmail } from '../../ui/breakable-email';
import { Skeleton } from '../../ui/core/skeleton';
import type { LeadPageView } from './normalize';

/** The lead card; customer details only when purchased. */
export function LeadCard({ lead }: { lead: LeadPageView }) {
  const { t, onLinkClick } = useRuntime();
  const titleId = useId();
  const { city, state, postalCode } = lead.location;
  const place = [city && state ? `${city}, ${state}` : city || state, postalCode].filter(Boolean).join(' ');
  const customer = lead.customer;
  const tel = safeHref(telHref(customer?.phone));
  const mail = safeHref(mailtoHref(customer?.email));
  const maps = customer ? safeHref(mapsHref([...customer.addressLines, city, state, postalCode])) : null;
  const external = (event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, 'external');
  const fullName = customer ? [customer.firstName, customer.lastName].filter(Boolean).join(' ') || t('lead.memberFallback') : null;

  return (
    <article className="lk-lead-card" part="lead-card" aria-labelledby={titleId}>
      <header className="lk-lead-card__header">
        <span className="lk-lead-card__icon" data-icon-group={iconGroupFor(lead.category.id)}>
          <Icon name={iconGroupFor(lead.category.id)} size={28} />
        </span>
        <div>
          <h2 id={titleId} className="lk-lead-card__title">
            {lead.title}
          </h2>
          {place ? <p className="lk-lead-card__place">{place}</p> : null}
        </div>
      </header>

      {customer ? (
        <section className="lk-lead-card__customer" part="customer">
          <p className="lk-lead-card__name">{fullName}</p>
          <ul className="lk-contact-list">
            {tel ? (
              <li>
                <Icon name="phone" size={18} />
                <a href={tel} onClick={external}>
                  {formatPhoneDisplay(customer.phone)}
                </a>
              </li>
            ) : null}
            {mail && customer.email ? (
              <li>
                <Icon name="mail" size={18} />
                <a href={mail} onClick={external}>
                  <BreakableEmail address={customer.email} />
                </a>
              </li>
            ) : null}
            {maps ? (
              <li>
                <Icon name="pin" size={18} />
                <a href={maps} target="_blank" rel="noopener noreferrer" onClick={external}>
                  {[...customer.addressLines, place].join(', ')}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      {lead.questions.length > 0 ? (
        <dl className="lk-qa" part="project-details">
          {lead.questions.map((qa, index) => (
            <div key={index} className="lk-qa__row">
              <dt dir="auto">{qa.question}</dt>
              <dd dir="auto">{qa.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <dl className="lk-facts">
        {lead.description ? (
          <div className="lk-facts__row">
            <dt>{t('lead.projectNotes')}</dt>
            <dd className="lk-pre" dir="auto">
              {lead.description}
            </dd>
          </div>
        ) : null}
        <div className="lk-facts__row">
          <dt>{t('lead.category')}</dt>
          <dd>{lead.category.name}</dd>
        </div>
        <div className="lk-facts__row">
          <dt>{t('lead.projectTiming')}</dt>
          <dd>{shownUrgency(lead.urgency) ?? t('lead.urgencyNotSpecified')}</dd>
        </div>
      </dl>
    </article>
  );
}

/** A notice's placeholder: title and two lines, padded like the notice. */
function NoticeSkeleton() {
  return (
    <div className="lk-notice" aria-hidden="true">
      <Skeleton width="35%" height={20} />
      <Skeleton width="95%" height={16} className="lk-gap-top" />
      <Skeleton width="70%" height={16} className="lk-gap-top" />
    </div>
  );
}

/**
 * The lead page's loading state, laid out like a purchased lead (the notices, the card with
 * its customer block, questions and facts), so the page keeps its height when the lead arrives.
 */
export function LeadCardSkeleton() {
  return (
    <div className="lk-lead-page__skeleton" aria-hidden="true" data-skeleton="">
      <div className="lk-notices">
        <NoticeSkeleton />
        <NoticeSkeleton />
      </div>
      <div className="lk-lead-card" part="lead-card">
        <div className="lk-lead-card__header">
          <Skeleton width={44} height={44} radius={22} />
          <div style={{ flex: 1 }}>
            <Skeleton width="60%" height={24} />
            <Skeleton width="35%" height={16} className="lk-gap-top" />
          </div>
        </div>
        <div className="lk-lead-card__customer">
          <Skeleton width="30%" height={20} />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} width="50%" height={18} className="lk-gap-top" />
          ))}
        </div>
        <div className="lk-qa">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="lk-qa__row">
              <Skeleton width="40%" height={14} />
              <Skeleton width="70%" height={16} className="lk-gap-top" />
            </div>
          ))}
        </div>
        <div className="lk-facts">
          {[0, 1, 2].map((row) => (
            <div key={row} className="lk-facts__row">
              <Skeleton width="25%" height={14} />
              <Skeleton width="45%" height={16} className="lk-gap-top" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
