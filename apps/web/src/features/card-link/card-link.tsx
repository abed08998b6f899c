import type { Card } from '@spellboard/core/card-schemas'
import { TIMINGS } from '@spellboard/core/limits'
import { useQueryClient } from '@tanstack/react-query'
import {
  lazy,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'
import { Link } from 'react-router'
import { cardQuery } from '../../api/cards.ts'
import styles from './card-link.module.css'

// Floating UI and the card renderer load with the first preview, not with the page.
const loadPopup = () => import('./card-preview-popup.tsx')
const CardPreviewPopup = lazy(() => loadPopup().then((m) => ({ default: m.CardPreviewPopup })))

/** closed → opening (hover timer) → loading (fetching the card) → shown. */
export type PreviewState = 'closed' | 'opening' | 'loading' | 'shown'

/** What a link needs: a name and stub, or a whole card (then no fetch is needed). */
export type CardLinkTarget = { name: string; stub: string } & Partial<Card>

export function cardPath(stub: string, legacy: boolean): string {
  return legacy
    ? `/cards/legacy/${encodeURIComponent(stub)}/`
    : `/cards/${encodeURIComponent(stub)}/`
}

const isFullCard = (card: CardLinkTarget): card is Card =>
  card.type !== undefined && card.release !== undefined

type CardLinkProps = {
  card: CardLinkTarget
  /** Link to the Legacy card; defaults to the card's own `is_legacy`. */
  legacy?: boolean
  children?: ReactNode
  className?: string
}

/**
 * A link to a card's page with a preview: after 200 ms of hovering, or on a first tap on touch
 * screens (the second tap follows the link). Legacy cards preview as a picture, Reborn cards as
 * the full card, fetched when only the name and stub are known; if that fails nothing opens.
 */
export function CardLink({ card, legacy, children, className }: CardLinkProps) {
  const isLegacy = legacy ?? card.is_legacy === true
  const queryClient = useQueryClient()
  const [state, setState] = useState<PreviewState>('closed')
  const [preview, setPreview] = useState<CardLinkTarget | null>(null)
  const stateRef = useRef<PreviewState>('closed')
  const linkRef = useRef<HTMLAnchorElement>(null)
  const popupRef = useRef<HTMLDivElement>(null)
  const hovered = useRef({ link: false, popup: false })
  const timers = useRef<{ open?: number; close?: number }>({})
  const pointerType = useRef('mouse')

  const go = useCallback((next: PreviewState) => {
    stateRef.current = next
    setState(next)
  }, [])

  const clearTimers = useCallback(() => {
    window.clearTimeout(timers.current.open)
    window.clearTimeout(timers.current.close)
    timers.current = {}
  }, [])

  const close = useCallback(() => {
    clearTimers()
    go('closed')
  }, [clearTimers, go])

  const show = useCallback(async () => {
    clearTimers()
    if (isLegacy || isFullCard(card)) {
      setPreview(card)
      go('shown')
      return
    }
    go('loading')
    try {
      const full = await queryClient.fetchQuery(cardQuery(card.stub))
      // The pointer may have left while the card was on its way.
      if (stateRef.current !== 'loading') return
      setPreview(full)
      go('shown')
    } catch {
      // A preview that cannot load is simply not shown; the link itself still works.
      if (stateRef.current === 'loading') go('closed')
    }
  }, [card, isLegacy, queryClient, clearTimers, go])

  const scheduleClose = useCallback(() => {
    window.clearTimeout(timers.current.close)
    timers.current.close = window.setTimeout(() => {
      if (!hovered.current.link && !hovered.current.popup) close()
    }, TIMINGS.cardPreviewCloseMs)
  }, [close])

  const onLinkEnter = (event: PointerEvent) => {
    pointerType.current = event.pointerType
    if (event.pointerType !== 'mouse') return
    hovered.current.link = true
    window.clearTimeout(timers.current.close)
    if (stateRef.current !== 'closed') return
    go('opening')
    void loadPopup()
    timers.current.open = window.setTimeout(() => void show(), TIMINGS.cardPreviewOpenMs)
  }

  const onLinkLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    hovered.current.link = false
    if (stateRef.current === 'opening') close()
    else if (stateRef.current !== 'closed') scheduleClose()
  }

  const onClick = (event: MouseEvent) => {
    if (pointerType.current === 'mouse' || stateRef.current === 'shown') return
    // Touch: the first tap previews, the second (with the preview open) follows the link.
    event.preventDefault()
    if (stateRef.current !== 'loading') void show()
  }

  // While a preview is up, a press outside it or Escape closes it.
  useEffect(() => {
    if (state !== 'shown' && state !== 'loading') return
    const onPointerDown = (event: globalThis.PointerEvent) => {
      const target = event.target as Node
      if (linkRef.current?.contains(target) || popupRef.current?.contains(target)) return
      close()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [state, close])

  useEffect(() => clearTimers, [clearTimers])

  return (
    <>
      <Link
        ref={linkRef}
        to={cardPath(card.stub, isLegacy)}
        className={className ? `${styles.link} ${className}` : styles.link}
        data-preview={state}
        onPointerEnter={onLinkEnter}
        onPointerLeave={onLinkLeave}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType
        }}
        onClick={onClick}
      >
        {children ?? card.name}
      </Link>
      {state === 'shown' && preview ? (
        <Suspense fallback={null}>
          <CardPreviewPopup
            ref={popupRef}
            reference={linkRef.current}
            card={preview}
            legacy={isLegacy}
            onPointerEnter={() => {
              hovered.current.popup = true
              window.clearTimeout(timers.current.close)
            }}
            onPointerLeave={() => {
              hovered.current.popup = false
              scheduleClose()
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
