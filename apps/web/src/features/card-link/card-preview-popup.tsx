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
import type { Ref } from 'react'
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

/** The floating preview beside a card link (loaded on first use, with Floating UI). */
export function CardPreviewPopup({
  ref,
  reference,
  card,
  legacy,
  onPointerEnter,
  onPointerLeave,
}: CardPreviewPopupProps) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference },
    placement: 'right',
    middleware: [
      offset(TIMINGS.cardPreviewOffsetPx),
      flip({ fallbackPlacements: [...FALLBACK_PLACEMENTS] }),
      shift({ padding: 10 }),
    ],
    whileElementsMounted: autoUpdate,
  })
  const mergedRef = useMergeRefs([refs.setFloating, ref])

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
