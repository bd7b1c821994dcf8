import type { MouseEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { maskedNumberDisplay } from '../../domain/masked-number';
import { formatPhoneDisplay, telHref } from '../../domain/phone';
import { safeHref } from '../../domain/safe-url';
import { describeGatewayError } from '../../gateway/errors';
import type { ContactInfoEntry } from '../../gateway/message-center/schemas';
import { toDate } from '../../i18n/format';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { Dialog } from '../../ui/dialog';
import dialogCss from '../../ui/dialog.css?inline';
import { Skeleton } from '../../ui/skeleton';
import { phoneNumbersLoadableAtom } from './thread-atoms';

const STYLES = [dialogCss];

/** 'Contact {member name}' (§2): the lead's preferred contact information. */
export default function ContactDialog({ open, onClose, memberName, leadCreateDate }: { open: boolean; onClose(): void; memberName: string; leadCreateDate: string | null }) {
  useStyles(STYLES);
  const { t } = useRuntime();
  return (
    <Dialog open={open} onClose={onClose} title={t('thread.contactTitle', { memberName })} closeLabel={t('dialog.close')} part="contact-dialog">
      <ContactInfo leadCreateDate={leadCreateDate} />
    </Dialog>
  );
}

/** 'Preferred Contact Information': the phone as a tel link, 'Expired' for a masked number past its life (§4). */
function ContactInfo({ leadCreateDate }: { leadCreateDate: string | null }) {
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
              <PhoneValue entry={phone.data} leadCreateDate={leadCreateDate} now={now()} onClick={(event) => onLinkClick(event, 'external')} />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function PhoneValue({ entry, leadCreateDate, now, onClick }: { entry: ContactInfoEntry | null; leadCreateDate: string | null; now: Date; onClick: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  const { t } = useRuntime();
  const masked = Boolean(entry?.maskedNumber?.trim());
  const number = (masked ? entry?.maskedNumber : entry?.phoneNumber) ?? '';
  // The entry does not say whether texting is enabled: the clock check takes the longer life
  // (30 days); the gateway's maskedNumberActive decides at load.
  const display = maskedNumberDisplay(
    { phoneNumber: number, isMaskedPhone: masked, isMaskedPhoneActive: entry?.maskedNumberActive ?? false, leadReceivedAt: toDate(leadCreateDate), smsEnabled: true },
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
