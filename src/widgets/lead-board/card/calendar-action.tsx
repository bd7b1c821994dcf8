import { Suspense, useState } from 'react';
import type { LeadStatus } from '../../../domain/lead-status';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useAfterPaint } from '../../../ui/use-after-paint';
import { CalendarDialog } from '../extras/card-extras-loader';

/** The status a booked job has: 'Scheduled' (spec §3: InProgressWon). */
const SCHEDULED: LeadStatus = 'InProgressWon';

/**
 * A Scheduled lead's 'Add to calendar': the button is in the open card's first
 * frame (nothing moves when it comes); its dialog's code follows that frame with the card's other
 * extras, or on the tap.
 */
export function CalendarAction({ lead, spId }: { lead: Lead; spId: number }) {
  const { t } = useRuntime();
  const [open, setOpen] = useState(false);
  const afterPaint = useAfterPaint();
  if (lead.status !== SCHEDULED) return null;
  return (
    <>
      <button type="button" className="lk-button" data-variant="secondary" part="add-to-calendar" onClick={() => setOpen(true)}>
        {t('calendar.add')}
      </button>
      {afterPaint || open ? (
        <Suspense fallback={null}>
          <CalendarDialog lead={lead} spId={spId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
