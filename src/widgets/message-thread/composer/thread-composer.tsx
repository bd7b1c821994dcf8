import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_ERROR_MS, type AttachmentError, type AttachmentType } from '../../../domain/attachment';
import type { PhotoTools, PreparePhase, Raster } from '../../../domain/attachment-prepare';
import { useRuntime } from '../../../runtime/runtime';
import { SvgIcon, TRASH_PATH } from '../../../ui/svg-icon';
import { useDraft } from '../../../ui/use-draft';
import { useComposerReplies } from './composer-replies';
import { loadPhotoPick } from './composer-loaders';
import { composerCanSend, type ThreadStatus } from '../session/thread-snapshot';

/** Starts the pipeline's chunk early (pointer down, focus); a failure shows only when a photo is picked. */
const warmPhotoPick = () => void loadPhotoPick().catch(() => undefined);

const PHASE_TEXT = { converting: 'thread.convertingPhoto', resizing: 'thread.resizingPhoto' } as const;

/** The longest text the message center takes (its request schema). */
const MESSAGE_MAX_LENGTH = 10_000;

export interface ComposerSend {
  text: string;
  file: File | null;
  /** The file's type by its content (domain/attachment). */
  contentType: AttachmentType | null;
}

/**
 * The composer (docs/widgets/message-thread.md#composer): 'Write a message...', the attach-file control showing the chosen
 * file's name with a trash button, Send. Send is disabled while there is neither text nor a
 * file; the text box is disabled while a file is attached or when the chat failed. A text can
 * be sent while the chat is still opening; a file once it is open (composerCanSend). A picked
 * file is made ready by `prepareAttachment` (domain/attachment-prepare: an iPhone HEIC photo
 * becomes a JPEG, a photo over 4096 px is scaled down, EXIF location is removed) and checked by
 * size and by content (JPEG/PNG); each error shows for 10 s; the file input is cleared after
 * every pick (the same file can be picked again). While a photo is converted or resized, its name
 * shows with 'Converting photo…' (or 'Resizing photo…') and an indeterminate progress bar, Send
 * is disabled, and the trash button cancels it. Enter sends, Shift+Enter
 * starts a new line. Typing text tells the customer (`onTyping`, throttled by the session).
 * With a `draftKey` the text is kept as a draft (docs/drafts.md#thread): restored into an empty composer
 * with 'Draft restored', deleted once `onSend`'s promise says the gateway took the text.
 */
export function Composer({
  status,
  onSend,
  onTyping,
  draftKey = null,
  photoTools,
}: {
  status: ThreadStatus;
  /**
   * May return a promise that resolves once the text is sent (the draft is deleted then), or
   * `false` when nothing took it (the composer keeps what it holds).
   */
  onSend(send: ComposerSend): void | false | PromiseLike<unknown>;
  onTyping?: () => void;
  draftKey?: string | null;
  /** The browser's decoders and the HEIC converter; stories and tests pass stand-ins. */
  photoTools?: PhotoTools<Raster>;
}) {
  const { t, heicConverter } = useRuntime();
  const tools = useRef<PhotoTools<Raster> | null>(photoTools ?? null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ file: File; type: AttachmentType } | null>(null);
  /** A pick being made ready; `id` is the pick's number (a removed or replaced pick's result is dropped). */
  const [preparing, setPreparing] = useState<{ id: number; name: string; phase: PreparePhase } | null>(null);
  const pickSeq = useRef(0);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once a pick made from the attach button shows (that button leaves meanwhile). */
  const focusAfterPick = useRef<'remove' | 'attach' | null>(null);
  const [errors, setErrors] = useState<{ id: number; key: AttachmentError }[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const attachRef = useRef<HTMLButtonElement>(null);
  // A draft goes into the composer only while it is empty and open (nothing typed is replaced);
  // it is read once the thread's first page is in (or failed): the drafts' storage code is not
  // fetched beside the thread's first screen (text typed before then is kept all the same).
  const draft = useDraft(
    draftKey,
    (stored) => {
      if (!textRef.current || textRef.current.value !== '' || textRef.current.disabled) return false;
      setText(stored);
      return true;
    },
    status !== 'loading',
  );
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const errorSeq = useRef(0);
  const fileId = useId();
  const failed = status === 'failed';
  // A text may go while the chat is still opening (thread-session.ts: composerCanSend).
  const canSend = composerCanSend(status, file !== null) && preparing === null && (text.trim() !== '' || file !== null);
  // Saved replies: the `/` suggestions on the text box and the 'Saved replies' menu.
  const replies = useComposerReplies({
    text,
    textRef,
    disabled: status !== 'ready' || file !== null || preparing !== null,
    onText(next, caret) {
      setText(next);
      // An inserted reply is typed text too: kept as the draft.
      draft.save(next);
      if (next.trim() !== '') onTyping?.();
      requestAnimationFrame(() => {
        textRef.current?.focus();
        textRef.current?.setSelectionRange(caret, caret);
      });
    },
  });

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  // After the render that shows the pick (or its error): the trash button, or the attach button back.
  useEffect(() => {
    const target = focusAfterPick.current === 'remove' ? removeRef.current : focusAfterPick.current === 'attach' ? attachRef.current : null;
    if (!target) return;
    target.focus();
    // Kept while converting: the trash button stays the same node when the JPEG arrives.
    if (preparing === null) focusAfterPick.current = null;
  }, [preparing, file, errors]);

  const showError = (key: AttachmentError) => {
    const id = ++errorSeq.current;
    setErrors((current) => [...current, { id, key }]);
    // Each attachment message hides after 10 seconds (docs/architecture.md#attachments).
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setErrors((current) => current.filter((error) => error.id !== id));
    }, ATTACHMENT_ERROR_MS);
    timers.current.add(timer);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    // Cleared after each pick, so picking the same file again is a new pick.
    event.target.value = '';
    if (!picked) return;
    const id = ++pickSeq.current;
    // The attach button leaves while the file shows: a keyboard user goes on at its trash button.
    const attach = attachRef.current;
    const fromAttach = attach !== null && (attach.getRootNode() as Document | ShadowRoot).activeElement === attach;
    let pick: Awaited<ReturnType<typeof loadPhotoPick>>;
    try {
      pick = await loadPhotoPick();
    } catch {
      // The pipeline's chunk did not arrive (the connection dropped): the default file text.
      if (pickSeq.current === id) showError('validation.fileDefault');
      return;
    }
    tools.current ??= pick.createBrowserPhotoTools({ importConverter: heicConverter });
    const result = await pick.prepareAttachment(picked, tools.current, {
      onPhase: (phase) => {
        if (pickSeq.current !== id) return;
        setFile(null);
        setPreparing({ id, name: picked.name, phase });
        if (fromAttach) focusAfterPick.current = 'remove';
      },
    });
    // Removed (cancelled) or replaced while it was made ready: nothing to show.
    if (pickSeq.current !== id) return;
    setPreparing(null);
    if (fromAttach) focusAfterPick.current = result.ok ? 'remove' : 'attach';
    if (result.ok) setFile({ file: result.file, type: result.type });
    else showError(result.error);
  };

  const removeFile = () => {
    pickSeq.current++;
    focusAfterPick.current = null;
    setPreparing(null);
    setFile(null);
    // The trash button leaves with the file: keep the keyboard user in the composer.
    requestAnimationFrame(() => (textRef.current && !textRef.current.disabled ? textRef.current : attachRef.current)?.focus());
  };

  const send = () => {
    if (!canSend) return;
    const sent = onSend({ text, file: file?.file ?? null, contentType: file?.type ?? null });
    if (sent === false) return;
    if (text.trim() !== '' && sent) draft.clearWhen(sent);
    setText('');
    setFile(null);
    requestAnimationFrame(() => textRef.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (replies.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className="lk-thread__composer"
      part="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {errors.length > 0 ? (
        <div className="lk-thread__errors" part="attachment-errors">
          {errors.map((error) => (
            <p key={error.id} role="alert">
              {t(error.key)}
            </p>
          ))}
        </div>
      ) : null}
      {replies.suggestions}
      <textarea
        {...replies.textareaProps}
        dir="auto"
        ref={textRef}
        className="lk-thread__text"
        aria-label={t('thread.placeholder')}
        placeholder={t('thread.placeholder')}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        disabled={failed || file !== null || preparing !== null}
        onChange={(event) => {
          setText(event.target.value);
          draft.save(event.target.value);
          // The customer sees the provider typing (the session sends one signal per 5 s at most).
          if (event.target.value.trim() !== '') onTyping?.();
        }}
        onKeyDown={onKeyDown}
        part="message-input"
      />
      <div className="lk-thread__composer-row">
        <input
          ref={inputRef}
          id={fileId}
          type="file"
          className="lk-visually-hidden"
          accept={ATTACHMENT_ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void onPick(event)}
        />
        {file || preparing ? (
          <span className="lk-thread__file" part="attachment" aria-busy={preparing ? true : undefined}>
            <span className="lk-thread__file-name">{file?.file.name ?? preparing?.name}</span>
            {preparing ? (
              <span className="lk-thread__preparing" part="attachment-progress">
                <progress className="lk-thread__progress" aria-label={t(PHASE_TEXT[preparing.phase])} />
                <span role="status">{t(PHASE_TEXT[preparing.phase])}</span>
              </span>
            ) : null}
            <button
              ref={removeRef}
              type="button"
              className="lk-thread__icon-button"
              aria-label={t('thread.removeFile', { fileName: file?.file.name ?? preparing?.name ?? '' })}
              onClick={removeFile}
              part="remove-file"
            >
              <SvgIcon d={TRASH_PATH} stroked size={18} />
            </button>
          </span>
        ) : (
          <button
            ref={attachRef}
            type="button"
            className="lk-button"
            data-variant="secondary"
            disabled={status !== 'ready'}
            onPointerDown={warmPhotoPick}
            onFocus={warmPhotoPick}
            onClick={() => inputRef.current?.click()}
            part="attach"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="m20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            {t('thread.attach')}
          </button>
        )}
        {replies.menu}
        {/* Quiet: a polite live region, there from the start; the hint goes with the next edit. */}
        <p className="lk-thread__draft-hint" role="status" part="draft-hint">
          {draft.restored ? t('draft.restored') : null}
        </p>
        <button type="submit" className="lk-button lk-thread__send" disabled={!canSend} part="send">
          {t('thread.send')}
        </button>
      </div>
    </form>
  );
}
