import type { MouseEvent } from 'react';
import { maskedNumberDisplay } from '../../../domain/masked-number';
import { formatPhoneDisplay, telHref } from '../../../domain/core/phone';
import { mailtoHref, mapsHref, safeHref } from '../../../domain/core/safe-url';
import type { Lead } from '../../../gateway/office/schemas';
import { toDate } from '../../../i18n/format';
import { useRuntime } from '../../../runtime/runtime';

/** The customer's phone, e-mail and address, shown by the open card's 'Contact'. */
export function ContactDetails({ lead }: { lead: Lead }) {
  const { t, onLinkClick, now } = useRuntime();
  const info = lead.customerInfo;
  const external = (event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, 'external');
  const phoneState = maskedNumberDisplay(
    {
      phoneNumber: info.phoneNumber ?? '',
      isMaskedPhone: info.isMaskedPhone,
      isMaskedPhoneActive: info.isMaskedPhoneActive,
      leadReceivedAt: toDate(lead.createDate),
      smsEnabled: info.isSmsEnabled,
    },
    now(),
  );
  const tel = safeHref(telHref(info.phoneNumber));
  const mail = safeHref(mailtoHref(info.emailAddress));
  const address = [info.addressLineOne, info.addressLineTwo].map((line) => line?.trim()).filter(Boolean) as string[];
  const maps = address.length ? safeHref(mapsHref([...address, info.city, info.state, info.postalCode])) : null;
  return (
    <>
      <div>
        <dt>{t('board.phone')}</dt>
        <dd>
          {phoneState === 'none' ? (
            t('board.noPhone')
          ) : phoneState === 'expired' ? (
            <span className="lk-contact__expired">{t('board.expired')}</span>
          ) : tel ? (
            <a href={tel} onClick={external}>
              {formatPhoneDisplay(info.phoneNumber)}
            </a>
          ) : (
            formatPhoneDisplay(info.phoneNumber)
          )}
        </dd>
      </div>
      {mail && info.emailAddress ? (
        <div>
          <dt>{t('board.email')}</dt>
          <dd>
            <a href={mail} onClick={external}>
              {info.emailAddress}
            </a>
          </dd>
        </div>
      ) : null}
      {maps ? (
        <div>
          <dt>{t('board.address')}</dt>
          <dd>
            <a href={maps} target="_blank" rel="noopener noreferrer" onClick={external}>
              {address.join(', ')}
            </a>
          </dd>
        </div>
      ) : null}
    </>
  );
}
