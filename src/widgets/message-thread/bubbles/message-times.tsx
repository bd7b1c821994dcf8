import { useRuntime } from '../../../runtime/runtime';
import { useFormat } from '../../../runtime/use-format';
import type { OwnMessageState } from '../session/thread-snapshot';

/**
 * A message's time, as the thread shows it (docs/widgets/message-thread.md#list). Spec §2: each
 * message with its timestamp 'Monday, June 1, 2020 3:00 PM'.
 * - Screen readers: the full timestamp with every bubble (its description: BubbleTime).
 * - A wide thread: the full timestamp on the line under every bubble (StampLine); nothing beside.
 * - A narrow one (a phone, under 560 px): the line under a group's last bubble only (a group's
 *   messages are minutes apart), and each bubble's time of day ('3:00 PM'; the day is its
 *   separator's) beside it while it is tapped or has keyboard focus (thread-body.css).
 */

/**
 * The line under a bubble: its full timestamp (hidden from screen readers: the bubble says it),
 * and for the newest own message while it is the last word, its state in words before it
 * ('Read ·'). Under every bubble; a narrow thread shows only those of a group's last
 * (`groupEnd`, thread-body.css).
 */
export function StampLine({ date, own, receipt, groupEnd }: { date: Date | null; own: boolean; receipt: OwnMessageState | null; groupEnd: boolean }) {
  const { t } = useRuntime();
  const format = useFormat();
  const timestamp = date ? format.messageTimestamp(date) : null;
  if (!timestamp && !receipt) return null;
  // The words come before the time: the line ends flush with the bubble, so the time stays put
  // whatever the word ('Sending…' → 'Read'), and only the word changes.
  return (
    <p className="lk-msg__stamp" data-own={own} data-group-end={groupEnd || receipt !== null} part="message-time">
      {receipt ? (
        <span className="lk-msg__receipt" data-state={receipt} part="message-state" aria-hidden="true">
          {t(`thread.state.${receipt}`)}
        </span>
      ) : null}
      {timestamp ? (
        <span className="lk-msg__stamp-time" aria-hidden="true">
          {timestamp}
        </span>
      ) : null}
    </p>
  );
}

/**
 * A bubble's time: the full timestamp for screen readers (the bubble's description, by `id`),
 * and its time of day beside the bubble (the full timestamp its tooltip), shown on a narrow
 * thread when the bubble is tapped or focused (thread-body.css); a wide thread has the line.
 */
export function BubbleTime({ date, id }: { date: Date; id: string }) {
  const format = useFormat();
  const full = format.messageTimestamp(date);
  const iso = date.toISOString();
  return (
    <>
      <time className="lk-visually-hidden" id={id} dateTime={iso}>
        {full}
      </time>
      <time className="lk-msg__time" dateTime={iso} title={full} aria-hidden="true" part="message-time-beside">
        {format.messageTime(date)}
      </time>
    </>
  );
}
