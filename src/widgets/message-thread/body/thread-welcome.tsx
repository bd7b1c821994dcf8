import { useRuntime } from '../../../runtime/runtime';

/** The welcome-to-messaging panel with images, for a thread without messages. */
export function WelcomePanel({ memberName }: { memberName: string }) {
  const { t } = useRuntime();
  return (
    <div className="lk-thread__welcome" part="welcome">
      <svg className="lk-thread__welcome-image" width="160" height="96" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
        <rect x="8" y="10" width="92" height="44" rx="12" fill="var(--_lk-color-surface-alt)" stroke="var(--_lk-color-border)" />
        <path d="M26 54 20 66 38 54Z" fill="var(--_lk-color-surface-alt)" stroke="var(--_lk-color-border)" />
        <rect x="22" y="24" width="56" height="6" rx="3" fill="var(--_lk-color-border)" />
        <rect x="22" y="36" width="40" height="6" rx="3" fill="var(--_lk-color-border)" />
        <rect x="64" y="42" width="88" height="44" rx="12" fill="var(--_lk-color-primary)" />
        <path d="M134 86 142 96 124 86Z" fill="var(--_lk-color-primary)" />
        <rect x="78" y="56" width="56" height="6" rx="3" fill="var(--_lk-color-primary-text)" opacity="0.8" />
        <rect x="78" y="68" width="36" height="6" rx="3" fill="var(--_lk-color-primary-text)" opacity="0.8" />
      </svg>
      <svg className="lk-thread__welcome-image" width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="var(--_lk-color-primary)" strokeWidth="1.5" />
        <circle cx="9" cy="10" r="2" fill="var(--_lk-color-primary)" />
        <path d="m5 17 5-5 3 3 2-2 4 4" fill="none" stroke="var(--_lk-color-primary)" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <h2 className="lk-thread__welcome-title">{t('thread.welcomeTitle')}</h2>
      <p>{t('thread.welcomeDetail', { memberName })}</p>
    </div>
  );
}
