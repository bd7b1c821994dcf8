import type { MouseEvent, ReactNode } from 'react';
import { ALERT_PATH, SvgIcon } from './svg-icon';

/** A link out of an error (after a 401: 'Log in'), with the caller's click handling. */
export interface ErrorBannerLink {
  readonly href: string;
  readonly label: string;
  onClick(event: MouseEvent<HTMLAnchorElement>): void;
}

/**
 * An error panel announced to screen readers (role=alert). Texts come from the caller (the
 * i18n catalogue; for a gateway call's failure runtime/error-panel.ts gives them all); under the
 * detail a link (e.g. log in), else 'Try again' (`retry`, beside the gateway's security check
 * after a challenge) or another action.
 */
export function ErrorBanner({
  title,
  detail,
  action,
  link,
  retry,
  challenge,
  part = 'error-banner',
}: {
  title?: string | undefined;
  detail: string;
  action?: ReactNode;
  link?: ErrorBannerLink | undefined;
  retry?: { readonly label: string; onClick(): void } | undefined;
  challenge?: { readonly href: string; readonly label: string } | undefined;
  part?: string;
}) {
  const shown = link ? (
    <a className="lk-button" href={link.href} onClick={link.onClick} part={`${part}-link`}>
      {link.label}
    </a>
  ) : retry ? (
    <>
      {challenge ? (
        <a href={challenge.href} target="_blank" rel="noopener noreferrer">
          {challenge.label}
        </a>
      ) : null}
      <button type="button" className="lk-button" data-variant="secondary" onClick={retry.onClick}>
        {retry.label}
      </button>
    </>
  ) : (
    action
  );
  return (
    <div className="lk-error-banner" role="alert" part={part}>
      <SvgIcon d={ALERT_PATH} className="lk-error-banner__icon" size={22} />
      <div>
        {/* Each in its own direction: a sentence keeps its full stop at its end on a right-to-left page whatever its language. */}
        {title ? (
          <p className="lk-error-banner__title" dir="auto">
            {title}
          </p>
        ) : null}
        <p dir="auto">{detail}</p>
        {shown ? <div className="lk-error-banner__action">{shown}</div> : null}
      </div>
    </div>
  );
}
