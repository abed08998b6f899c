import { QueryClientProvider } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { queryClient } from '../../api/query-client.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import styles from './builder-pane.module.css'
import { BuilderPaneContent } from './builder-pane-content.tsx'

/** DESIGN.md's extra-large breakpoint: from here the pane sits beside the page. */
const WIDE = '(min-width: 1280px)'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Tab and Shift+Tab wrap around the drawer and its toggle; from outside, Tab comes back in. */
function trapTab(event: KeyboardEvent, trap: HTMLElement, drawer: HTMLElement | null) {
  const items = [...trap.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  )
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) return
  const active = document.activeElement
  if (!trap.contains(active)) {
    event.preventDefault()
    first.focus()
  } else if (event.shiftKey && (active === first || active === drawer)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

/** The deck-builder pane: part of the page at extra-large widths, a drawer below that. */
export function BuilderPane() {
  const wide = useMediaQuery(WIDE)
  return (
    // The pane lives beside the routes, outside their provider; it shares the same cache.
    <QueryClientProvider client={queryClient}>
      {wide ? (
        <aside className={styles.pane} aria-labelledby="builder-heading">
          <BuilderPaneContent />
        </aside>
      ) : (
        <BuilderDrawer />
      )}
    </QueryClientProvider>
  )
}

/**
 * The pane below extra-large widths. While open it keeps focus inside (Tab wraps through the
 * drawer and its toggle), Escape closes it, and focus goes back to the toggle.
 */
function BuilderDrawer() {
  const [open, setOpen] = useState(false)
  const trapRef = useRef<HTMLDivElement>(null)
  const drawerRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()

  // Following a link from the drawer (Add cards, a card) shows the page it leads to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each navigation
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (open) drawerRef.current?.focus()
  }, [open])

  const close = useCallback(() => {
    setOpen(false)
    toggleRef.current?.focus()
  }, [])

  // Listened for on the document: a control that just became disabled drops focus to the body,
  // and the drawer must still close on Escape and keep Tab inside.
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const trap = trapRef.current
      // Dialogs opened from the drawer keep their own focus and Escape.
      if (!trap || event.defaultPrevented || (event.target as Element).closest?.('dialog')) return
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
      } else if (event.key === 'Tab') {
        trapTab(event, trap, drawerRef.current)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, close])

  return (
    <div ref={trapRef}>
      {open ? <div className={styles.backdrop} aria-hidden="true" onClick={close} /> : null}
      <div
        ref={drawerRef}
        id="builder-drawer"
        className={styles.drawer}
        data-open={open}
        role="dialog"
        aria-labelledby="builder-heading"
        aria-modal="true"
        tabIndex={-1}
        inert={!open}
      >
        <BuilderPaneContent />
      </div>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="builder-drawer"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path
            d={open ? 'M5 5l10 10M15 5L5 15' : 'M3 5h14M3 10h14M3 15h14'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Toggle pane
      </button>
    </div>
  )
}
