import { challengeHref } from '../gateway/core/challenge';
import { describeGatewayError, isGatewayError, isRetryableError } from '../gateway/core/errors';
import type { LogInLink, WidgetRuntime } from './runtime';

/** What an error panel (ui/error-banner.tsx) says about a failure, in the widget's locale. */
export interface ErrorPanel {
  readonly title?: string;
  readonly detail: string;
  /** After a 401: where to log in (when the host has a log-in page). */
  readonly link?: LogInLink;
  /** 'Try again', where asking again can help. */
  readonly retry?: { readonly label: string; onClick(): void };
  /** After a gateway challenge: where the gateway says it can be passed. */
  readonly challenge?: { readonly href: string; readonly label: string };
}

export interface ErrorPanelOptions {
  /** Asks again: shown as 'Try again' exactly when that can help (isRetryableError). */
  onRetry?: () => void;
  /** The host's own text for this screen (its `error-message`): it wins over the catalogue's. */
  customMessage?: string | undefined;
  /** 'Log in' after a 401 (default true): not for a customer, who has no log-in page (the funnel). */
  logIn?: boolean;
  /** A widget's own texts for the panel (the board's spec text): a title of null shows none. */
  texts?: { readonly title?: string | null; readonly detail?: string };
}

/**
 * A gateway call's failure as every widget's error panel says it: the error catalogue's title
 * and text for it (describeGatewayError), 'Log in' after a 401, and 'Try again' exactly when
 * asking again can help — a server error, no answer, an unreadable answer or the gateway's
 * challenge (then beside the link to its security check), not after a 401 or 403.
 */
export function errorPanel(runtime: Pick<WidgetRuntime, 't' | 'logInLink' | 'client'>, error: unknown, options: ErrorPanelOptions = {}): ErrorPanel {
  const { t } = runtime;
  const description = describeGatewayError(error, options.customMessage);
  const title = options.texts?.title !== undefined ? options.texts.title : description.titleKey ? t(description.titleKey) : null;
  const detail = options.texts?.detail ?? description.customMessage ?? t(description.detailKey);
  const link = description.status === 401 && options.logIn !== false ? runtime.logInLink() : undefined;
  const retryable = options.onRetry !== undefined && isRetryableError(error);
  const challengeUrl =
    retryable && isGatewayError(error) && error.kind === 'challenge' ? challengeHref(error.body, runtime.client.baseURL, runtime.client.reportSetup) : null;
  return {
    detail,
    ...(title ? { title } : {}),
    ...(link ? { link } : {}),
    ...(retryable ? { retry: { label: t('action.retry'), onClick: options.onRetry! } } : {}),
    ...(challengeUrl ? { challenge: { href: challengeUrl, label: t('challenge.link') } } : {}),
  };
}
