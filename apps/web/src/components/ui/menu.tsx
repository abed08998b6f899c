import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { type ButtonVariant, buttonClass } from './button.tsx'
import styles from './menu.module.css'

export type MenuItem = {
  label: ReactNode
  onSelect: () => void
  disabled?: boolean
  /** Makes the item a checkbox item (e.g. a mode switch) showing its state. */
  checked?: boolean
  /** Shown as a tooltip, e.g. why the item is disabled. */
  title?: string
  /** The menu stays open after this item (an item that asks for a second press). */
  keepOpen?: boolean
}

export type MenuProps = {
  /** The trigger button's content. */
  label: ReactNode
  items: readonly MenuItem[]
  disabled?: boolean
  /** Which edge of the trigger the list lines up with. */
  align?: 'start' | 'end'
  variant?: ButtonVariant
  className?: string
}

function enabledItems(list: HTMLElement | null): HTMLButtonElement[] {
  return [...(list?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]') ?? [])].filter(
    (el) => !el.disabled,
  )
}

/** A button that opens a list of actions; arrow keys move, Escape closes, focus returns. */
export function Menu({
  label,
  items,
  disabled,
  align = 'start',
  variant = 'secondary',
  className,
}: MenuProps) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    enabledItems(listRef.current)[0]?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) triggerRef.current?.focus()
  }

  const onListKeyDown = (event: KeyboardEvent) => {
    const elements = enabledItems(listRef.current)
    const index = elements.indexOf(document.activeElement as HTMLButtonElement)
    const target = {
      ArrowDown: elements[(index + 1) % elements.length],
      ArrowUp: elements[(index - 1 + elements.length) % elements.length],
      Home: elements[0],
      End: elements.at(-1),
    }[event.key]
    if (target) {
      event.preventDefault()
      target.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  return (
    <div ref={rootRef} className={[styles.root, className].filter(Boolean).join(' ')}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClass({ variant })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {open ? (
        <div
          ref={listRef}
          id={menuId}
          role="menu"
          className={`${styles.list} ${styles[align]}`}
          onKeyDown={onListKeyDown}
        >
          {items.map((item, index) => {
            const select = () => {
              if (!item.keepOpen) close(true)
              item.onSelect()
            }
            const common = {
              type: 'button',
              disabled: item.disabled,
              title: item.title,
              tabIndex: -1,
              className: styles.item,
              onClick: select,
            } as const
            // Items are a fixed list per render; their order is their identity.
            return item.checked === undefined ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <button key={index} role="menuitem" {...common}>
                {item.label}
              </button>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <button key={index} role="menuitemcheckbox" aria-checked={item.checked} {...common}>
                <span className={styles.check} aria-hidden="true">
                  {item.checked ? '✓' : ''}
                </span>
                {item.label}
              </button>
            )
          })}
        </div>
      ) : null}
    </div>
  )
}
