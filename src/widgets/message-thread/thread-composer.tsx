import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_ERROR_MS, validateAttachment, type AttachmentError, type AttachmentType } from '../../domain/attachment';
import { useRuntime } from '../../runtime/runtime';
import type { ThreadStatus } from './thread-session';

/** The longest text the message center takes (its request schema). */
export const MESSAGE_MAX_LENGTH = 10_000;

export interface ComposerSend {
  text: string;
  file: File | null;
  /** The file's type by its content (domain/attachment). */
  contentType: AttachmentType | null;
}

/**
 * The composer (§2, §5): 'Write a message...', the attach-file control showing the chosen
 * file's name with a trash button, Send. Send is disabled while there is neither text nor a
 * file; the text box is disabled while a file is attached or when the chat failed. A picked
 * file is checked by size and by content (JPEG/PNG); each error shows for 10 s; the file input
 * is cleared after every pick (the same file can be picked again). Enter sends, Shift+Enter
 * starts a new line. Typing text tells the customer (`onTyping`, throttled by the session).
 */
export function Composer({ status, onSend, onTyping }: { status: ThreadStatus; onSend(send: ComposerSend): void; onTyping?: () => void }) {
  const { t } = useRuntime();
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ file: File; type: AttachmentType } | null>(null);
  const [errors, setErrors] = useState<{ id: number; key: AttachmentError }[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const attachRef = useRef<HTMLButtonElement>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const errorSeq = useRef(0);
  const fileId = useId();
  const failed = status === 'failed';
  const canSend = status === 'ready' && (text.trim() !== '' || file !== null);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const showError = (key: AttachmentError) => {
    const id = ++errorSeq.current;
    setErrors((current) => [...current, { id, key }]);
    // §8/§9: each attachment message hides after 10 seconds.
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setErrors((current) => current.filter((error) => error.id !== id));
    }, ATTACHMENT_ERROR_MS);
    timers.current.add(timer);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    // Cleared after each pick (§5), so picking the same file again is a new pick.
    event.target.value = '';
    if (!picked) return;
    const check = await validateAttachment(picked);
    if (check.ok) setFile({ file: picked, type: check.type });
    else showError(check.error);
  };

  const removeFile = () => {
    setFile(null);
    // The trash button leaves with the file: keep the keyboard user in the composer.
    requestAnimationFrame(() => (textRef.current && !textRef.current.disabled ? textRef.current : attachRef.current)?.focus());
  };

  const send = () => {
    if (!canSend) return;
    onSend({ text, file: file?.file ?? null, contentType: file?.type ?? null });
    setText('');
    setFile(null);
    requestAnimationFrame(() => textRef.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
      <textarea
        ref={textRef}
        className="lk-thread__text"
        aria-label={t('thread.placeholder')}
        placeholder={t('thread.placeholder')}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        disabled={failed || file !== null}
        onChange={(event) => {
          setText(event.target.value);
          // The customer sees the provider typing (the session sends one signal per 5 s at most).
          if (event.target.value.trim() !== '') onTyping?.();
        }}
        onKeyDown={onKeyDown}
        part="message-input"
      />
      <div className="lk-thread__composer-row">
        <input ref={inputRef} id={fileId} type="file" className="lk-visually-hidden" accept={ATTACHMENT_ACCEPT} tabIndex={-1} aria-hidden="true" onChange={(event) => void onPick(event)} />
        {file ? (
          <span className="lk-thread__file" part="attachment">
            <span className="lk-thread__file-name">{file.file.name}</span>
            <button type="button" className="lk-thread__icon-button" aria-label={t('thread.removeFile', { fileName: file.file.name })} onClick={removeFile} part="remove-file">
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </span>
        ) : (
          <button ref={attachRef} type="button" className="lk-button" data-variant="secondary" disabled={status !== 'ready'} onClick={() => inputRef.current?.click()} part="attach">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="m20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('thread.attach')}
          </button>
        )}
        <button type="submit" className="lk-button lk-thread__send" disabled={!canSend} part="send">
          {t('thread.send')}
        </button>
      </div>
    </form>
  );
}
