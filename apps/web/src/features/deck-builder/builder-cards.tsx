import { cardTotal } from '@spellboard/core/deck-rules'
import { countCopies, deckSections } from '@spellboard/core/deck-sections'
import { useState } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button.tsx'
import { useAppStore } from '../../store/app-store.ts'
import type { BuilderCard } from '../../store/builder-slice.ts'
import { CardLink } from '../card-link/card-link.tsx'
import { PayHint } from '../deck-insights/pay-hint.tsx'
import { usePayHints } from '../deck-insights/use-builder-lookup.ts'
import { DeckCardCount } from '../deck-view/deck-view.tsx'
import styles from './builder-cards.module.css'
import { QuantityButtons } from './quantity-buttons.tsx'

function CardRow({
  card,
  editable,
  hint = null,
}: {
  card: BuilderCard
  editable: boolean
  hint?: string | null
}) {
  const [pressed, setPressed] = useState(false)
  return (
    <li
      className={styles.row}
      data-pressed={(hint && pressed) || undefined}
      onPointerDown={hint ? () => setPressed(true) : undefined}
      onPointerLeave={hint ? () => setPressed(false) : undefined}
    >
      {editable ? (
        <QuantityButtons card={card} />
      ) : (
        <span className={styles.copies}>{card.count}&times;</span>
      )}
      <span className={styles.name}>
        <CardLink card={{ name: card.name, stub: card.stub }} />
        {card.phoenixborn ? (
          <span className={styles.unique} title={`Unique to ${card.phoenixborn}`}>
            {' '}
            (unique)
          </span>
        ) : null}
      </span>
      <PayHint text={hint} />
    </li>
  )
}

/** The deck's cards by type with their quantity buttons, the count, and the conjuration pile. */
export function BuilderCards() {
  const cards = useAppStore((state) => state.builder.deck.cards)
  const conjurations = useAppStore((state) => state.builder.deck.conjurations)
  const sections = deckSections(cards)
  const payHint = usePayHints()
  return (
    <section className={styles.cards} aria-labelledby="builder-cards">
      <div className={styles.header}>
        <h3 id="builder-cards" className={styles.title}>
          Cards
        </h3>
        <DeckCardCount count={cardTotal(cards)} />
      </div>
      {sections.length === 0 ? (
        <p className={styles.empty}>No cards yet: add them from the card browser.</p>
      ) : null}
      {sections.map((section) => (
        <section key={section.type} aria-label={section.title} className={styles.section}>
          <h4 className={styles.sectionTitle}>
            {section.title} <span className={styles.sectionCount}>({section.count})</span>
          </h4>
          <ul className={styles.list}>
            {section.cards.map((card) => (
              <CardRow key={card.stub} card={card} editable hint={payHint(card.stub)} />
            ))}
          </ul>
        </section>
      ))}
      {conjurations.length ? (
        <section aria-label="Conjurations" className={styles.section}>
          <h4 className={styles.sectionTitle}>
            Conjurations <span className={styles.sectionCount}>({countCopies(conjurations)})</span>
          </h4>
          <ul className={styles.list}>
            {[...conjurations]
              .sort((a, b) => (a.name < b.name ? -1 : 1))
              .map((card) => (
                <CardRow key={card.stub} card={card} editable={false} />
              ))}
          </ul>
        </section>
      ) : null}
      <Link to="/cards/" className={buttonClass({ variant: 'primary', className: styles.add })}>
        Add cards
      </Link>
    </section>
  )
}
