import {
  autoUpdate,
  FloatingPortal,
  flip,
  offset,
  shift,
  useFloating,
  useMergeRefs,
} from '@floating-ui/react'
import type { Card } from '@spellboard/core/card-schemas'
import { TIMINGS } from '@spellboard/core/limits'
import { type Ref, useLayoutEffect, useState } from 'react'
import { CardImage } from '../card-image/card-image.tsx'
import type { CardLinkTarget } from './card-link.tsx'
import { CardPreview } from './card-preview.tsx'
import styles from './card-preview-popup.module.css'

type CardPreviewPopupProps = {
  ref: Ref<HTMLDivElement>
  reference: HTMLElement | null
  card: CardLinkTarget
  legacy: boolean
  onPointerEnter: () => void
  onPointerLeave: () => void
}

const FALLBACK_PLACEMENTS = [
  'right-start',
  'right-end',
  'left',
  'left-start',
  'left-end',
  'top',
  'bottom',
] as const

/** Narrower than this, the page beside the pane cannot hold a preview; it goes where it fits. */
const MIN_ROOM = 240

/**
 * Where a preview may go while a panel marked `data-preview-avoid` (the deck builder's pane) is
 * on screen: a preview must not cover it, since the player is working in its list. A link in
 * the page keeps its previews on the page's side of the pane; a link in the pane shows its
 * preview on the page, just left of the pane, at the link's height.
 */
function avoidPane(link: HTMLElement | null) {
  const pane = document.querySelector<HTMLElement>('[data-preview-avoid]')
  const left = pane?.getBoundingClientRect().left ?? 0
  if (!link || !pane || left < MIN_ROOM) return null
  const room = { x: 0, y: 0, width: left, height: window.innerHeight }
  if (!pane.contains(link)) return { beside: null, placement: 'right' as const, room }
  const besidePane = {
    contextElement: link,
    getBoundingClientRect: () => {
      const row = link.getBoundingClientRect()
      const edge = pane.getBoundingClientRect().left
      return {
        x: edge,
        y: row.y,
        top: row.top,
        bottom: row.bottom,
        left: edge,
        right: edge,
        width: 0,
        height: row.height,
      }
    },
  }
  return { beside: besidePane, placement: 'left-start' as const, room }
}

/** The floating preview beside a card link (loaded on first use, with Floating UI). */
export function CardPreviewPopup({
  ref,
  reference,
  card,
  legacy,
  onPointerEnter,
  onPointerLeave,
}: CardPreviewPopupProps) {
  const [avoid] = useState(() => avoidPane(reference))
  const bounds = avoid ? { rootBoundary: avoid.room } : {}
  const { refs, floatingStyles } = useFloating({
    elements: { reference },
    placement: avoid?.placement ?? 'right',
    middleware: [
      offset(TIMINGS.cardPreviewOffsetPx),
      flip({ fallbackPlacements: [...FALLBACK_PLACEMENTS], ...bounds }),
      shift({ padding: 10, ...bounds }),
    ],
    whileElementsMounted: autoUpdate,
  })
  const mergedRef = useMergeRefs([refs.setFloating, ref])
  // A link in the pane is measured as the pane's edge at the link's height.
  useLayoutEffect(() => {
    if (avoid?.beside) refs.setPositionReference(avoid.beside)
  }, [avoid, refs])

  return (
    <FloatingPortal>
      <div
        ref={mergedRef}
        role="tooltip"
        aria-label={card.name}
        className={styles.popup}
        style={floatingStyles}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
      >
        {legacy ? (
          <CardImage
            stub={card.stub}
            variant="legacy-preview"
            alt={card.name}
            className={styles.image}
          />
        ) : (
          <CardPreview card={card as Card} />
        )}
      </div>
    </FloatingPortal>
  )
}
