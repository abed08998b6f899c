import { CARD_IMAGE_SIZES, TIMINGS } from '@spellboard/core/limits'
import { useEffect, useRef, useState } from 'react'
import styles from './card-image.module.css'
import { type CardImageVariant, cardImageUrl } from './card-image-url.ts'

const SIZES: Record<CardImageVariant, { width: number; height: number }> = {
  reborn: CARD_IMAGE_SIZES.reborn,
  legacy: CARD_IMAGE_SIZES.legacy,
  'legacy-preview': CARD_IMAGE_SIZES.legacyPreview,
}

type CardImageProps = {
  stub: string
  variant: CardImageVariant
  alt: string
  /** Only fetch the picture once it comes within 500 px of the viewport. */
  lazy?: boolean
  /** The page's main picture (a deck's Phoenixborn, a card's face): fetched before the rest. */
  priority?: boolean
  className?: string
}

/** A card picture at its printed size; width and height are always set so nothing jumps. */
export function CardImage({
  stub,
  variant,
  alt,
  lazy = false,
  priority = false,
  className,
}: CardImageProps) {
  const { width, height } = SIZES[variant]
  const ref = useRef<HTMLImageElement>(null)
  const [near, setNear] = useState(!lazy)

  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: `${TIMINGS.imageLazyMarginPx}px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])

  return (
    <img
      ref={ref}
      className={className ? `${styles.image} ${className}` : styles.image}
      src={near ? cardImageUrl(stub, variant) : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      data-variant={variant}
    />
  )
}
