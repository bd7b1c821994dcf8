import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { usePressOutside } from './use-press-outside';

export interface MenuItem {
  id: string;
  label: string;
  onSelect(): void;
}

/**
 * A button that opens a menu of actions (WAI-ARIA menu button): Enter, Space or ArrowDown open
 * it on the first item; arrows move; Home/End jump; Enter/Space choose; Escape or Tab close;
 * focus returns to the button. `label` names the button (e.g. 'More actions'); the button shows
 * an ellipsis.
 */
export function MenuButton({ label, items, part = 'menu-button' }: { label: string; items: readonly MenuItem[]; part?: string }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // A layout effect: focus moves in the same task as the key press that opened or moved the
  // menu, so the next key lands on the item (a passive effect may run after it, e.g. on Preact).
  useLayoutEffect(() => {
    if (open) menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);

  usePressOutside(rootRef, open, () => setOpen(false));

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (item: MenuItem) => {
    close();
    item.onSelect();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
      setOpen(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: active === last ? 0 : active + 1, ArrowUp: active === 0 ? last : active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="lk-menu" ref={rootRef} part={part}>
      <button
        ref={buttonRef}
        type="button"
        className="lk-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setActive(0);
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul id={menuId} ref={menuRef} role="menu" aria-label={label} className="lk-menu__list" onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <li
              key={item.id}
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className="lk-menu__item"
              onClick={() => choose(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(item);
                }
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
