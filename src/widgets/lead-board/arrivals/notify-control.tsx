import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useRuntime } from '../../../runtime/runtime';
import { Switch } from '../../../ui/switch';
import { askNotifyPermission, notifyChosen, notifyPermission, rememberNotifyChoice, type NotifyPermission } from './notices.logic';

export interface NotifySetting {
  permission: NotifyPermission;
  /** The pro's choice (off by default), kept per provider in this browser. */
  chosen: boolean;
  /** Notifications are shown: chosen, and the browser allows them. */
  on: boolean;
  /** Turning it on was refused at the browser's prompt (counted): the switch went, focus goes to what says so. */
  refused: number;
  turn(on: boolean): void;
}

/**
 * The pro's 'Notify me of new leads': off until the pro turns it on, and only then is the browser's
 * permission asked (never on load). The browser's answer is followed while the board is open (a
 * permission changed in the site's settings: `navigator.permissions`, where there is one).
 */
export function useNotifySetting(spId: number | null): NotifySetting {
  const [permission, setPermission] = useState<NotifyPermission>(() => notifyPermission());
  const [chosen, setChosen] = useState(() => spId !== null && notifyChosen(spId));
  const [refused, setRefused] = useState(0);
  const asking = useRef(false);
  useEffect(() => setChosen(spId !== null && notifyChosen(spId)), [spId]);
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let live = true;
    const follow = () => setPermission(notifyPermission());
    navigator.permissions?.query({ name: 'notifications' }).then(
      (answer) => {
        if (!live) return;
        status = answer;
        status.addEventListener('change', follow);
      },
      () => undefined,
    );
    return () => {
      live = false;
      status?.removeEventListener('change', follow);
    };
  }, []);
  const turn = useCallback(
    (next: boolean) => {
      if (spId === null || asking.current) return;
      if (!next) {
        setChosen(false);
        rememberNotifyChoice(spId, false);
        return;
      }
      asking.current = true;
      void (notifyPermission() === 'default' ? askNotifyPermission() : Promise.resolve(notifyPermission())).then((answer) => {
        asking.current = false;
        setPermission(answer);
        if (answer === 'denied') setRefused((count) => count + 1);
        if (answer !== 'granted') return;
        setChosen(true);
        rememberNotifyChoice(spId, true);
      });
    },
    [spId],
  );
  return { permission, chosen, on: chosen && permission === 'granted', refused, turn };
}

/**
 * 'Notify me of new leads' under the list (part `notify-new-leads`): a switch with what it does
 * under it; where the browser has no notifications, or they are blocked for the site, the control
 * says so and offers nothing else.
 */
export function NotifyControl({ setting }: { setting: NotifySetting }) {
  const { t } = useRuntime();
  const helpId = useId();
  const { permission, refused } = setting;
  // Refused at the prompt: the switch (and the focus on it) went; the focus goes to what says so, which a screen reader reads.
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refused) said.current?.focus();
  }, [refused]);
  if (permission === 'unsupported' || permission === 'denied') {
    return (
      <p ref={said} tabIndex={-1} className="lk-notify" part="notify-new-leads" data-state={permission}>
        <span className="lk-notify__label">{t('notify.control')}</span>{' '}
        <span className="lk-notify__help">{t(permission === 'denied' ? 'notify.denied' : 'notify.unsupported')}</span>
      </p>
    );
  }
  return (
    <div className="lk-notify" part="notify-new-leads" data-state={permission}>
      <Switch label={t('notify.control')} checked={setting.on} onChange={setting.turn} describedBy={helpId} />
      <p id={helpId} className="lk-notify__help">
        {t('notify.help')}
      </p>
    </div>
  );
}
