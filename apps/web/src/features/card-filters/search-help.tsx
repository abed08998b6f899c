import { useMergeRefs } from '@floating-ui/react'
import {
  CARD_SEARCH_HELP,
  CARD_SEARCH_HELP_NOTE,
  helpPieces,
} from '@spellboard/core/card-query-help'
import { useEffect, useId, useRef, useState } from 'react'
import { usePopupPosition } from './popup-position.ts'
import styles from './search-help.module.css'

/**
 * The "?" button next to the search box and its popover listing the search terms. Escape or
 * a press outside closes it; focus goes back to the button.
 */
export function SearchHelp() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const titleId = useId()
  const position = usePopupPosition(open)
  const buttonRef = useMergeRefs([button, position.refs.setReference])
  const panelRef = useMergeRefs([panel, position.refs.setFloating])

  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (panel.current?.contains(target) || button.current?.contains(target)) return
      setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label="Search help"
        title="Search help"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">?</span>
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          className={styles.panel}
          style={position.floatingStyles}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <h2 id={titleId} className={styles.title}>
            Search terms
          </h2>
          <dl className={styles.terms}>
            {CARD_SEARCH_HELP.map((term) => (
              <div key={term.example} className={styles.term}>
                <dt>
                  <code>{term.example}</code>
                  {term.also ? (
                    <>
                      {' or '}
                      <code>{term.also}</code>
                    </>
                  ) : null}
                </dt>
                <dd>
                  {helpPieces(term.meaning).map((piece, index) =>
                    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of a fixed text
                    index % 2 === 1 ? <code key={index}>{piece}</code> : piece,
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <p className={styles.note}>{CARD_SEARCH_HELP_NOTE}</p>
        </div>
      ) : null}
    </>
  )
}
