import { cardTotal, diceTotal } from '@spellboard/core/deck-rules'
import { DECK_RULES } from '@spellboard/core/limits'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { queryClient } from '../../api/query-client.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './builder-pane.module.css'
import { useLeavePrompt } from './leave-prompt.ts'

const loadContent = () => import('./builder-pane-content.tsx')
const BuilderPaneContent = lazy(() =>
  loadContent().then((m) => ({ default: m.BuilderPaneContent })),
)

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

/** The deck's counts, as the toggle says them to a screen reader. */
function useDeckCounts() {
  const cards = useAppStore((state) => cardTotal(state.builder.deck.cards))
  const dice = useAppStore((state) => diceTotal(state.builder.deck.dice))
  return {
    cards,
    dice,
    label: `${cards}/${DECK_RULES.cards} cards, ${dice}/${DECK_RULES.dice} dice`,
  }
}

/**
 * The deck's counts on the toggle, so a player adding cards with the drawer shut still sees
 * 29/30; a count not yet full is not bold.
 */
function DeckCounts({ cards, dice }: { cards: number; dice: number }) {
  const full = (count: number, wanted: number) => (count === wanted ? 'true' : 'false')
  return (
    <span className={styles.counts} aria-hidden="true">
      <span data-full={full(cards, DECK_RULES.cards)}>
        {cards}/{DECK_RULES.cards} cards
      </span>
      {' · '}
      <span data-full={full(dice, DECK_RULES.dice)}>
        {dice}/{DECK_RULES.dice} dice
      </span>
    </span>
  )
}

/**
 * The deck-builder pane below extra-large widths: a drawer over the page. While open it keeps focus inside (Tab wraps through the
 * drawer and its toggle), Escape closes it, and focus goes back to the toggle.
 */
export function BuilderDrawer() {
  const [open, setOpen] = useState(false)
  // The pane's contents (and the code they bring) load when the drawer first opens: a phone
  // showing a page with the drawer shut runs none of it.
  const [opened, setOpened] = useState(false)
  useLeavePrompt()
  const trapRef = useRef<HTMLDivElement>(null)
  const drawerRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  const counts = useDeckCounts()

  // Following a link from the drawer (Add cards, a card) shows the page it leads to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each navigation
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (open) {
      setOpened(true)
      drawerRef.current?.focus()
    }
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
    // The drawer lives beside the routes, outside their provider; it shares the same cache.
    <QueryClientProvider client={queryClient}>
      <div ref={trapRef} id="builder">
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
          {opened ? (
            <Suspense fallback={<p className={styles.loading}>Loading…</p>}>
              <BuilderPaneContent />
            </Suspense>
          ) : null}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="builder-drawer"
          aria-label={`Toggle pane, ${counts.label}`}
          onClick={() => (open ? close() : setOpen(true))}
          // The contents start loading as a finger or pointer comes near, before the tap.
          onPointerDown={loadContent}
          onFocus={loadContent}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path
              d={open ? 'M5 5l10 10M15 5L5 15' : 'M3 5h14M3 10h14M3 15h14'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className={styles.toggleText}>
            <span>Toggle pane</span>
            <DeckCounts cards={counts.cards} dice={counts.dice} />
          </span>
        </button>
      </div>
    </QueryClientProvider>
  )
}
