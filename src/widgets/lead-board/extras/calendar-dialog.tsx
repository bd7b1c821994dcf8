import { useId, useRef, useState } from 'react';
import { format } from 'date-fns';
import { CALENDAR_EVENT_MINUTES, calendarFile, calendarFileName, nextFullHour, utcStamp } from '../../../domain/calendar-file';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { Dialog } from '../../../ui/dialog';
import dialogCss from '../../../ui/dialog.css?inline';
import { customerName, leadPlace } from '../list/lead-board.logic';
import calendarCss from './calendar-dialog.css?inline';

const STYLES = [dialogCss, calendarCss];

export interface CalendarDialogProps {
  lead: Lead;
  spId: number;
  open: boolean;
  onClose(): void;
}

/** The job's address as one line: street, unit, city, state and ZIP code (what the card knows of it). */
function jobAddress(lead: Lead): string {
  const { addressLineOne, addressLineTwo } = lead.customerInfo;
  return [addressLineOne?.trim(), addressLineTwo?.trim(), leadPlace(lead)].filter(Boolean).join(', ');
}

/**
 * 'Add to calendar' on a Scheduled lead: the pro picks the job's date and start time (the
 * platform's own date and time fields — a phone's wheels, a desktop's calendar popup; default the
 * next full hour) and downloads an `.ics` file made here: the category and the customer's name as
 * its title, the job's address as its place, the lead's description and a link to the lead page
 * in its notes. Nothing is sent anywhere.
 */
export function CalendarDialog({ lead, spId, open, onClose }: CalendarDialogProps) {
  useStyles(STYLES);
  const { t } = useRuntime();
  return (
    <Dialog open={open} onClose={onClose} title={t('calendar.add')} closeLabel={t('dialog.close')} part="calendar-dialog">
      {open ? <CalendarForm lead={lead} spId={spId} /> : null}
    </Dialog>
  );
}

function CalendarForm({ lead, spId }: { lead: Lead; spId: number }) {
  const { t, routes, now } = useRuntime();
  const [initial] = useState(() => nextFullHour(now()));
  const [date, setDate] = useState(() => format(initial, 'yyyy-MM-dd'));
  const [time, setTime] = useState(() => format(initial, 'HH:mm'));
  const [invalid, setInvalid] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const dateId = useId();
  const timeId = useId();
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);

  function download() {
    const start = new Date(`${date}T${time}`);
    if (!date || !time || Number.isNaN(start.getTime())) {
      setInvalid(true);
      setDownloaded(false);
      // To the first field to fix (the alert under the fields says what is missing).
      (date ? timeRef : dateRef).current?.focus();
      return;
    }
    setInvalid(false);
    const name = customerName(lead, t('lead.memberFallback'));
    const title = t('calendar.eventTitle', { category: lead.category.name, name });
    const leadUrl = new URL(routes.leadPage({ leadId: lead.leadId, serviceProviderId: spId }), document.baseURI).href;
    const description = [lead.description?.trim(), t('calendar.leadLink', { url: leadUrl })].filter(Boolean).join('\n\n');
    const text = calendarFile({
      uid: `lead-${lead.leadId}-${utcStamp(start)}@leadkit`,
      start,
      durationMinutes: CALENDAR_EVENT_MINUTES,
      title,
      location: jobAddress(lead),
      description,
      url: leadUrl,
      now: now(),
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = calendarFileName(title);
    link.hidden = true;
    formRef.current?.append(link);
    link.click();
    link.remove();
    // After the click has started the download (a revoke in the same task can cancel it in WebKit).
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setDownloaded(true);
  }

  return (
    <form
      ref={formRef}
      className="lk-calendar"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        download();
      }}
    >
      <p className="lk-calendar__hint">{t('calendar.hint')}</p>
      <div className="lk-calendar__fields">
        <label className="lk-calendar__field" htmlFor={dateId}>
          <span>{t('calendar.date')}</span>
          <input
            ref={dateRef}
            id={dateId}
            type="date"
            className="lk-input"
            value={date}
            required
            aria-invalid={invalid && !date ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => setDate(event.target.value)}
          />
        </label>
        <label className="lk-calendar__field" htmlFor={timeId}>
          <span>{t('calendar.time')}</span>
          <input
            ref={timeRef}
            id={timeId}
            type="time"
            className="lk-input"
            step={900}
            value={time}
            required
            aria-invalid={invalid && !time ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => setTime(event.target.value)}
          />
        </label>
      </div>
      {invalid ? (
        <p id={errorId} className="lk-field-error" role="alert">
          {t('calendar.invalid')}
        </p>
      ) : null}
      <div className="lk-calendar__actions">
        <button type="submit" className="lk-button">
          {t('calendar.download')}
        </button>
      </div>
      {/* Under the button: the text it says after a download moves nothing the pro was about to press. */}
      <p className="lk-calendar__status" role="status">
        {downloaded ? t('calendar.downloaded') : null}
      </p>
    </form>
  );
}
