import { useMergeRefs } from '@floating-ui/react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { usePopupPosition } from './popup-position.ts'
import styles from './search-help.module.css'

/** The terms the search box understands (`parseCardQuery` in core), each with an example. */
const TERMS: readonly { example: string; also?: string; meaning: ReactNode }[] = [
  {
    example: 'type:ally',
    also: 't:ally',
    meaning: (
      <>
        Card type, by the start of its name without spaces: <code>type:ready</code> is Ready Spell,{' '}
        <code>type:conj</code> both conjuration types.
      </>
    ),
  },
  {
    example: 'dice:charm',
    also: 'd:charm',
    meaning: (
      <>
        Cards whose dice include that magic type; <code>dice:basic</code> finds cards needing none.
      </>
    ),
  },
  {
    example: 'release:master-set',
    also: 'r:frost',
    meaning: 'A release, by its stub or the start of its name.',
  },
  {
    example: 'cost<=2',
    meaning: (
      <>
        Dice in the play cost, compared with <code>=</code>, <code>&lt;</code>, <code>&lt;=</code>,{' '}
        <code>&gt;</code> or <code>&gt;=</code>.
      </>
    ),
  },
  { example: 'text:"draw 1 card"', meaning: 'A phrase in the card text.' },
  { example: '-type:ally', meaning: 'A minus before any term leaves those cards out.' },
  { example: 'type:ally or type:conj', meaning: 'Either of two terms.' },
]

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
            {TERMS.map((term) => (
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
                <dd>{term.meaning}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.note}>
            Terms combine with and. Any other words search card names and text as before.
          </p>
        </div>
      ) : null}
    </>
  )
}
