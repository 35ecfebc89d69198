import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

export interface MenuItem {
  readonly label: string;
  readonly onSelect: () => void;
  readonly disabled?: boolean | undefined;
  /** Shortcut keys shown to assistive technology (aria-keyshortcuts). */
  readonly keyShortcuts?: string | undefined;
}

interface MenuButtonProps {
  /** The button's accessible name (its face may be an icon alone). */
  readonly label: string;
  readonly icon: ReactNode;
  readonly items: readonly MenuItem[];
  readonly className?: string | undefined;
}

/**
 * A button that opens a menu of actions (the WAI-ARIA menu button): the menu opens on a click, Enter,
 * Space or ↓ at its first item (↑ at its last); ↑ ↓ Home End move between the items, Esc or Tab closes
 * it, and a click outside too. Choosing an item closes the menu and gives the focus back to the button
 * before the action runs, so a dialog the action opens returns the focus there when it closes.
 */
export function MenuButton({ label, icon, items, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();
  const enabled = items.flatMap((item, index) => (item.disabled ? [] : [index]));

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    // The menu is gone before the button takes the focus: an item's focus still pending (the pointer
    // entered it, an arrow moved to it) runs first and can no longer take the focus from the button,
    // which a dialog opened by the item's action would then not give back.
    flushSync(() => setOpen(false));
    if (focusButton) button.current?.focus();
  };

  // The active item takes the focus as the menu opens and as the arrows move.
  useEffect(() => {
    if (open) menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);

  // A press outside the button and the menu closes it (the focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const step = (by: number) => {
    if (enabled.length === 0) return;
    const at = enabled.indexOf(active);
    setActive(enabled[(at + by + enabled.length) % enabled.length] as number);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt((event.key === 'ArrowDown' ? enabled[0] : enabled.at(-1)) ?? 0);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => step(1),
      ArrowUp: () => step(-1),
      Home: () => setActive(enabled[0] ?? 0),
      End: () => setActive(enabled.at(-1) ?? 0),
      Escape: () => close(true),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      // Esc closes this menu only, not a dialog or a running answer behind it.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      move();
    } else if (event.key === 'Tab') close(false);
  };
  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };

  return (
    <div className={['menu-button', className].filter(Boolean).join(' ')}>
      <button ref={button} type="button" className="btn btn--ghost btn--icon" aria-label={label} aria-haspopup="menu"
        aria-expanded={open} aria-controls={open ? id : undefined} onKeyDown={onButtonKey}
        onClick={() => (open ? close(true) : openAt(enabled[0] ?? 0))}>
        {icon}
      </button>
      {open ? (
        <ul ref={menu} id={id} role="menu" aria-label={label} className="menu-button__menu" onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <button type="button" role="menuitem" className="menu-button__item" tabIndex={index === active ? 0 : -1}
                aria-disabled={item.disabled || undefined} aria-keyshortcuts={item.keyShortcuts}
                onClick={() => choose(item)} onMouseEnter={() => !item.disabled && setActive(index)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
