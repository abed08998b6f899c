import {
  countCopies,
  type DeckSection,
  deckSections,
  isFullDeck,
  type SectionCard,
} from '@spellboard/core/deck-sections'
import { CardImage } from '../card-image/card-image.tsx'
import { CardLink, type CardLinkTarget } from '../card-link/card-link.tsx'
import { type DaggerCard, FanMadeDagger } from '../card-text/card-title.tsx'
import { DeckDice } from './deck-dice.tsx'
import styles from './deck-view.module.css'

/** A card entry of a deck as the views read it (minimal or full wire entries). */
export type DeckViewCard = SectionCard & DaggerCard & { phoenixborn?: string | null }

/** What a deck view needs; deck details, shared decks and the builder's deck all fit. */
export type ViewableDeck = {
  phoenixborn: {
    name: string
    stub: string
    battlefield?: number | string | null
    life?: number | string | null
    spellboard?: number | string | null
  }
  dice: readonly { name: string; count: number }[]
  cards: readonly DeckViewCard[]
  conjurations: readonly DeckViewCard[]
  /** Stubs of the First Five, in play order. */
  first_five?: readonly string[] | null
  is_legacy?: boolean | null
}

type DeckViewProps = {
  deck: ViewableDeck
  /**
   * The entries are whole cards (`full_cards=true`), so previews need no fetch. Minimal entries
   * carry a type and release too, and must not pass for whole cards.
   */
  fullCards?: boolean
}

/** What a card link needs of a deck entry: the whole card when the entries are whole cards. */
export function linkTarget(card: DeckViewCard, fullCards: boolean): CardLinkTarget {
  if (!fullCards) return { name: card.name, stub: card.stub }
  const { count: _count, phoenixborn, ...rest } = card
  return { ...rest, ...(phoenixborn ? { phoenixborn } : {}) } as CardLinkTarget
}

function Stat({ label, value, tone }: { label: string; value: unknown; tone: string }) {
  if (value === undefined || value === null) return null
  return (
    <span className={styles.stat} data-tone={tone}>
      {label} <strong>{String(value)}</strong>
    </span>
  )
}

function CardSection({
  title,
  count,
  cards,
  legacy,
  fullCards,
}: {
  title: string
  count: number
  cards: readonly DeckViewCard[]
  legacy: boolean
  fullCards: boolean
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>
        {title} <span className={styles.sectionCount}>({count})</span>
      </h3>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.stub} className={styles.card}>
            <span className={styles.copies}>{card.count}&times;</span>{' '}
            <CardLink card={linkTarget(card, fullCards)} legacy={legacy} />
            <FanMadeDagger card={card} />
            {card.phoenixborn ? (
              <span className={styles.unique} title={`Unique to ${card.phoenixborn}`}>
                {' '}
                ({card.phoenixborn})
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The card count against the 30 a deck needs; red while it is anything else. */
export function DeckCardCount({ count }: { count: number }) {
  const full = isFullDeck(count)
  return (
    <span
      className={full ? styles.count : `${styles.count} ${styles.countInvalid}`}
      data-valid={full}
      title={full ? undefined : 'A deck needs exactly 30 cards'}
    >
      {count}/30
    </span>
  )
}

/**
 * A deck's contents: the Phoenixborn with its stats, the dice, the First Five, the card count and
 * the cards by type, then the conjuration pile (which does not count toward the 30).
 */
export function DeckView({ deck, fullCards = false }: DeckViewProps) {
  const legacy = deck.is_legacy === true
  const sections: DeckSection<DeckViewCard>[] = deckSections(deck.cards)
  const total = countCopies(deck.cards)
  const { phoenixborn } = deck
  return (
    <div className={styles.container}>
      <div className={styles.view}>
        <div className={styles.portrait}>
          <CardImage
            stub={phoenixborn.stub}
            variant={legacy ? 'legacy' : 'reborn'}
            alt={phoenixborn.name}
            className={styles.image}
            priority
          />
        </div>
        <div className={styles.body}>
          <h2 className={styles.phoenixborn}>
            <CardLink card={{ name: phoenixborn.name, stub: phoenixborn.stub }} legacy={legacy} />
          </h2>
          <p className={styles.stats}>
            <Stat label="Battlefield" value={phoenixborn.battlefield} tone="attack" />
            <Stat label="Life" value={phoenixborn.life} tone="life" />
            <Stat label="Spellboard" value={phoenixborn.spellboard} tone="recover" />
          </p>
          <DeckDice dice={deck.dice} className={styles.dice} />
          <div className={styles.cardsHeader}>
            <h2 className={styles.cardsTitle}>Cards</h2>
            <DeckCardCount count={total} />
          </div>
          {sections.length === 0 ? <p className={styles.muted}>No cards yet.</p> : null}
          <div className={styles.sections}>
            {sections.map((section) => (
              <CardSection
                key={section.type}
                title={section.title}
                count={section.count}
                cards={section.cards}
                legacy={legacy}
                fullCards={fullCards}
              />
            ))}
            {deck.conjurations.length ? (
              <CardSection
                title="Conjurations"
                count={countCopies(deck.conjurations)}
                cards={[...deck.conjurations].sort((a, b) => (a.name < b.name ? -1 : 1))}
                legacy={legacy}
                fullCards={fullCards}
              />
            ) : null}
          </div>
        </div>
      </div>
    </div>
  )
}
