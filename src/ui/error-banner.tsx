import type { ReactNode } from 'react';
import { ALERT_PATH, SvgIcon } from './svg-icon';

/**
 * An error panel announced to screen readers (role=alert). Texts come from the caller (the
 * i18n catalogue); an optional action (e.g. retry) sits under the detail.
 */
export function ErrorBanner({ title, detail, action, part = 'error-banner' }: { title?: string; detail: string; action?: ReactNode; part?: string }) {
  return (
    <div className="lk-error-banner" role="alert" part={part}>
      <SvgIcon d={ALERT_PATH} className="lk-error-banner__icon" size={22} />
      <div>
        {title ? <p className="lk-error-banner__title">{title}</p> : null}
        <p>{detail}</p>
        {action ? <div className="lk-error-banner__action">{action}</div> : null}
      </div>
    </div>
  );
}
