import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import styles from './dialog.module.css'

export type DialogProps = {
  open: boolean
  /** Escape, the close button and a click on the backdrop ask to close; the caller decides. */
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** The action buttons, right-aligned at the bottom. */
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  /** Label of the close button (default 'Close'). */
  closeLabel?: string
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden)
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, focus stays inside (Tab wraps)
 * and returns to where it was on close, and Escape closes it. Focus starts on the first control
 * of the content, or on the element marked `data-autofocus`.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeLabel = 'Close',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const previous = document.activeElement as HTMLElement | null
    if (!dialog.open) {
      // jsdom and very old browsers lack showModal; the open attribute still shows the content.
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    // showModal focuses the first control, which is the close button; start on the content.
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      focusables(dialog).find((el) => !el.dataset.dialogClose) ??
      dialog
    target.focus()
    return () => {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
      if (previous?.isConnected) previous.focus()
    }
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !ref.current) return
    const items = focusables(ref.current)
    const first = items[0]
    const last = items.at(-1)
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {open ? (
        <div className={styles.frame}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button
              type="button"
              className={styles.close}
              aria-label={closeLabel}
              title={closeLabel}
              data-dialog-close="true"
              onClick={onClose}
            >
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <path
                  d="M5 5l10 10M15 5L5 15"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </header>
          <div className={styles.body}>{children}</div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  )
}
