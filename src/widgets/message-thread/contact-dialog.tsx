import type { MouseEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { maskedNumberDisplay } from '../../domain/masked-number';
import { formatPhoneDisplay, telHref } from '../../domain/core/phone';
import { safeHref } from '../../domain/core/safe-url';
import { describeGatewayError } from '../../gateway/core/errors';
import type { ContactInfoEntry } from '../../gateway/message-center/schemas';
import { toDate } from '../../i18n/format';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { Dialog } from '../../ui/dialog';
import dialogCss from '../../ui/dialog.css?inline';
import { Skeleton } from '../../ui/core/skeleton';
import { phoneNumbersLoadableAtom } from './thread-atoms';

const STYLES = [dialogCss];

/** 'Contact {member name}': the lead's preferred contact information. */
/**
 * `leadCreateDate` and `smsEnabled` are the lead's (when the thread has one): a masked number
 * lives 30 days after the lead with texting, 28 without (docs/architecture.md#phone-numbers), checked against the runtime clock.
 */
export function ContactDialog({
  open,
  onClose,
  memberName,
  leadCreateDate,
  smsEnabled,
}: {
  open: boolean;
  onClose(): void;
  memberName: string;
  leadCreateDate: string | null;
  smsEnabled: boolean;
}) {
  useStyles(STYLES);
  const { t } = useRuntime();
  return (
    <Dialog open={open} onClose={onClose} title={t('thread.contactTitle', { memberName })} closeLabel={t('dialog.close')} part="contact-dialog">
      <ContactInfo leadCreateDate={leadCreateDate} smsEnabled={smsEnabled} />
    </Dialog>
  );
}

/** 'Preferred Contact Information': the phone as a tel link, 'Expired' for a masked number past its life. */
function ContactInfo({ leadCreateDate, smsEnabled }: { leadCreateDate: string | null; smsEnabled: boolean }) {
  const { t, now, onLinkClick } = useRuntime();
  const phone = useAtomValue(phoneNumbersLoadableAtom);
  return (
    <section className="lk-thread__contact" part="contact-info">
      <h3 className="lk-thread__contact-title">{t('thread.preferredContact')}</h3>
      {phone.state === 'loading' ? (
        <Skeleton width={180} height={20} />
      ) : phone.state === 'hasError' ? (
        <p role="alert">{t(describeGatewayError(phone.error).detailKey)}</p>
      ) : (
        <dl className="lk-thread__contact-list">
          <div>
            <dt>{t('thread.phone')}</dt>
            <dd>
              <PhoneValue
                entry={phone.data}
                leadCreateDate={leadCreateDate}
                smsEnabled={smsEnabled}
                now={now()}
                onClick={(event) => onLinkClick(event, 'external')}
              />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function PhoneValue({
  entry,
  leadCreateDate,
  smsEnabled,
  now,
  onClick,
}: {
  entry: ContactInfoEntry | null;
  leadCreateDate: string | null;
  smsEnabled: boolean;
  now: Date;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useRuntime();
  const masked = Boolean(entry?.maskedNumber?.trim());
  const number = (masked ? entry?.maskedNumber : entry?.phoneNumber) ?? '';
  // The gateway's maskedNumberActive decides at load; the clock then ends the number's life.
  const display = maskedNumberDisplay(
    { phoneNumber: number, isMaskedPhone: masked, isMaskedPhoneActive: entry?.maskedNumberActive ?? false, leadReceivedAt: toDate(leadCreateDate), smsEnabled },
    now,
  );
  if (display === 'none') return <>{t('thread.noPhone')}</>;
  if (display === 'expired') return <span className="lk-thread__expired">{t('thread.expired')}</span>;
  const tel = safeHref(telHref(number));
  return tel ? (
    <a href={tel} onClick={onClick}>
      {formatPhoneDisplay(number)}
    </a>
  ) : (
    <>{formatPhoneDisplay(number)}</>
  );
}
