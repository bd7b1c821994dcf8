import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type Ref, type RefObject, type SyntheticEvent } from 'react';

/** Why the dialog asks to be closed: Esc (or the platform's close request) or the × button. */
export type DialogCloseReason = 'escape' | 'close-button';

export interface DialogProps {
  /** Shown as a modal while true (controlled: the parent closes it by setting false). */
  open: boolean;
  /** Esc, the platform's close request or the × button. The dialog stays open until `open` is false. */
  onClose: (reason: DialogCloseReason) => void;
  /** Visible heading; also the dialog's accessible name (aria-labelledby). */
  title: ReactNode;
  /** Accessible name of the × button (e.g. 'Close'). */
  closeLabel: string;
  children?: ReactNode;
  /** Receives focus on open; default: the first focusable element of the body, else the × button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The heading (focusable by script, tabIndex -1): for moving focus to it when the content changes. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** CSS part of the dialog; inner parts are `<part>-header`, `-title`, `-close`, `-body`. */
  part?: string;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The element focused in the dialog's own tree: inside a shadow root, `document.activeElement` is only the host. */
function activeElementOf(node: Node): Element | null {
  // Duck-typed: `instanceof Document` fails across windows (and in some test DOMs).
  const root = node.getRootNode() as Partial<DocumentOrShadowRoot>;
  return root.activeElement ?? node.ownerDocument?.activeElement ?? null;
}

/** Where each open dialog gives focus back when it closes (its trigger), for a dialog opened from inside it. */
interface ReturnTarget {
  target: HTMLElement;
  /** The dialog the target was in when it was read, if any. */
  inside: HTMLDialogElement | null;
}
const returnTargets = new WeakMap<HTMLDialogElement, ReturnTarget>();
const returnTargetOf = (target: HTMLElement): ReturnTarget => ({ target, inside: target.closest('dialog') });

/**
 * Where the dialog that closed last gave focus back, until the end of the task's microtasks: for a
 * dialog that opened in the same update while nothing had focus. Preact removes the closing
 * dialog's content (with the focused button that opened the next one) before any effect runs,
 * then may open the next dialog before the first one's cleanup; React runs the cleanup first.
 */
let handedBackTo: ReturnTarget | null = null;

/**
 * The element to give focus back to: `previous`, or — when it was inside another dialog that has
 * closed since (its content is gone) — that dialog's own return target, and so on. A dialog opened
 * from a button of another that closes in the same update (the close-as-won prompt handing over to
 * the review modal) thus returns focus to the first one's trigger, whichever of the two effects
 * the renderer ran first (React closes first; Preact may open first).
 */
function returnTarget(start: ReturnTarget | undefined): HTMLElement | null {
  let next = start;
  for (let hops = 0; next && hops < 10; hops++) {
    const { target, inside } = next;
    if (target.isConnected && (inside === null || inside.open)) return target;
    next = inside ? returnTargets.get(inside) : undefined;
  }
  return null;
}

function canShowModal(dialog: HTMLDialogElement): boolean {
  return typeof dialog.showModal === 'function';
}

/**
 * A modal on the native <dialog> opened with showModal(): the browser puts it in the top layer,
 * makes the rest of the page inert (focus stays inside) and turns Esc into a `cancel` event.
 * What the platform does not do for a controlled React modal is done here:
 * - focus moves to `initialFocusRef`, else the first field of the body (not the × button that
 *   comes first in the DOM, which is where showModal() would put it);
 * - Esc and × call `onClose`; the dialog closes only when the parent sets `open` to false, so
 *   parent state and DOM never disagree;
 * - on close (or unmount while open) focus returns to the element that had it before opening,
 *   read from the dialog's own root (a shadow root's activeElement, not the host).
 * Where showModal() is missing (old engines, some test DOMs) the `open` attribute is set instead:
 * the dialog shows and Esc still closes it, but the page behind is not made inert.
 * Content is rendered only while open, so a form inside starts fresh each time.
 */
export function Dialog({ open, onClose, title, closeLabel, children, initialFocusRef, headingRef, part = 'dialog' }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const isOpenRef = useRef(false);
  // Latest callbacks for the open/close effect, which must run on `open` changes only.
  const onCloseRef = useRef(onClose);
  const initialFocus = useRef(initialFocusRef);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    initialFocus.current = initialFocusRef;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const active = activeElementOf(dialog);
    const previous = active instanceof HTMLElement && active !== active.ownerDocument.body ? active : null;
    if (previous) returnTargets.set(dialog, returnTargetOf(previous));
    else {
      returnTargets.delete(dialog);
      // Focus was nowhere: a dialog closing in this update may be why (see handedBackTo).
      queueMicrotask(() => {
        if (handedBackTo && !returnTargets.has(dialog)) returnTargets.set(dialog, handedBackTo);
      });
    }
    if (canShowModal(dialog)) {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    isOpenRef.current = true;
    const target = initialFocus.current?.current ?? bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? closeButtonRef.current ?? dialog;
    target.focus();
    return () => {
      isOpenRef.current = false;
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      // (Its own return target stays known: a dialog opened from it may still need it.)
      // Back to the trigger (or, when it was in a dialog closed since, that dialog's trigger);
      // unless it left the page meanwhile (then the browser decides).
      const back = returnTarget(returnTargets.get(dialog));
      back?.focus({ preventScroll: true });
      handedBackTo = back && returnTargetOf(back);
      queueMicrotask(() => (handedBackTo = null));
    };
  }, [open]);

  const requestClose = (reason: DialogCloseReason) => {
    if (isOpenRef.current) onCloseRef.current(reason);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A control inside that used Esc itself (a listbox closing) calls preventDefault first.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Cancelling the keydown stops the browser's own close request: onClose runs once.
    event.preventDefault();
    requestClose('escape');
  };

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // A close request without a keydown (Android back, CloseWatcher): the parent decides.
    event.preventDefault();
    requestClose('escape');
  };

  const onNativeClose = () => {
    // The browser closed it anyway (a cancel it would not let us cancel): tell the parent. A
    // close event queued by an earlier close() arrives after a re-open: the dialog is open then.
    if (isOpenRef.current && !dialogRef.current?.open) requestClose('escape');
  };

  return (
    <dialog
      ref={dialogRef}
      className="lk-dialog"
      part={part}
      aria-labelledby={titleId}
      aria-modal={open ? true : undefined}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onNativeClose}
    >
      {open ? (
        <>
          <div className="lk-dialog__header" part={`${part}-header`}>
            <h2 id={titleId} ref={headingRef} className="lk-dialog__title" part={`${part}-title`} tabIndex={-1}>
              {title}
            </h2>
            <button
              ref={closeButtonRef}
              type="button"
              className="lk-icon-button lk-dialog__close"
              part={`${part}-close`}
              aria-label={closeLabel}
              onClick={() => requestClose('close-button')}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div ref={bodyRef} className="lk-dialog__body" part={`${part}-body`}>
            {children}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
