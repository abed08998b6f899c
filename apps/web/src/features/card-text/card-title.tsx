import type { Card } from '@spellboard/core/card-schemas'
import type { ReactNode } from 'react'
import styles from './card-title.module.css'

/** First name of a Phoenixborn ("Aradel" for "Aradel Summergaard", "Rin" for "Rin, the Tiger"). */
export function phoenixbornShortName(name: string): string {
  return name.split(/,?\s/)[0] ?? name
}

/** What the dagger needs to know of a card: whether its release is the publisher's own. */
export type DaggerCard = { release?: { is_phg?: boolean | null | undefined } | null | undefined }

/**
 * The dagger that marks cards of releases not published by the game's publisher (SPEC: Legacy
 * cards carry `is_phg`), wherever a card is named: pages, card lists and deck lists.
 */
export function FanMadeDagger({ card }: { card: DaggerCard }) {
  if (card.release?.is_phg !== false) return null
  return (
    <span className={styles.dagger} title="Fan-made card (not an official release)">
      †
    </span>
  )
}

/** A card's name with its Phoenixborn (for unique cards) and the fan-made dagger. */
export function CardTitle({ card, children }: { card: Card; children?: ReactNode }) {
  return (
    <>
      {children ?? card.name}
      {card.phoenixborn ? (
        <span className={styles.owner} title={card.phoenixborn}>
          {' '}
          ({phoenixbornShortName(card.phoenixborn)})
        </span>
      ) : null}
      <FanMadeDagger card={card} />
    </>
  )
}

/** "Ready Spell - Spellboard": type and placement. */
export function TypeLine({ card }: { card: Card }) {
  return (
    <>
      {card.type}
      {card.placement ? (
        <>
          <span className={styles.divider} aria-hidden="true" />
          <span className="visually-hidden"> - </span>
          {card.placement}
        </>
      ) : null}
    </>
  )
}
