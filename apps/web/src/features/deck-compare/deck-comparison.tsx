import { compareDecks, type DeckComparison } from '@spellboard/core/deck-compare'
import type { DeckFullOut } from '@spellboard/core/decks'
import { type ReactNode, useId } from 'react'
import { CardLink } from '../card-link/card-link.tsx'
import { linkTarget } from '../deck-view/deck-view.tsx'
import { CompareDice } from './compare-dice.tsx'
import { sideTitles, signed } from './compare-text.ts'
import { CountsHead } from './counts-head.tsx'
import styles from './deck-compare.module.css'
import { DeckSide } from './deck-side.tsx'

type Card = DeckFullOut['cards'][number]

function Region({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.region} aria-labelledby={id}>
      <h2 id={id} className={styles.regionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function OnlyIn({ title, cards, legacy }: { title: string; cards: Card[]; legacy: boolean }) {
  const copies = cards.reduce((total, card) => total + card.count, 0)
  return (
    <Region title={`Only in ${title}`}>
      {cards.length ? (
        <>
          <p className={styles.summary}>
            {cards.length} {cards.length === 1 ? 'card' : 'cards'}, {copies}{' '}
            {copies === 1 ? 'copy' : 'copies'}
          </p>
          <ul className={styles.cards}>
            {cards.map((card) => (
              <li key={card.stub}>
                <span className={styles.copies}>{card.count}&times;</span>{' '}
                <CardLink card={linkTarget(card, true)} legacy={legacy} />{' '}
                <span className={styles.type}>{card.type}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.none}>No cards</p>
      )}
    </Region>
  )
}

function DifferentCounts({
  comparison,
  titles,
  legacy,
}: {
  comparison: DeckComparison<Card>
  titles: { left: string; right: string }
  legacy: boolean
}) {
  const rows = comparison.differentCounts
  return (
    <Region title="Different counts">
      {rows.length ? (
        <table className={styles.table}>
          <CountsHead what="Card" titles={titles} />
          <tbody>
            {rows.map(({ card, left, right }) => (
              <tr key={card.stub}>
                <th scope="row">
                  <CardLink card={linkTarget(card, true)} legacy={legacy} />
                </th>
                <td className={styles.number}>{left}</td>
                <td className={styles.number}>{right}</td>
                <td className={styles.number} data-change={right > left ? 'up' : 'down'}>
                  {signed(right - left)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.none}>No card has different counts</p>
      )}
    </Region>
  )
}

/**
 * Two decks side by side and what differs between them: cards only one has, cards both have in
 * different numbers, the dice, and the Phoenixborn when it is not the same.
 */
export function DeckComparisonView({ left, right }: { left: DeckFullOut; right: DeckFullOut }) {
  const comparison = compareDecks<Card>(left, right)
  const titles = sideTitles(left, right)
  const leftLegacy = left.is_legacy === true
  const rightLegacy = right.is_legacy === true
  return (
    <div className={styles.comparison}>
      <div className={styles.sides}>
        <DeckSide deck={left} title={titles.left} side="Left" />
        <DeckSide deck={right} title={titles.right} side="Right" />
      </div>
      {comparison.identical ? (
        <p className={styles.identical} role="status">
          These decks have the same Phoenixborn, dice and cards.
        </p>
      ) : null}
      <div className={styles.sides}>
        <OnlyIn title={titles.left} cards={comparison.onlyLeft} legacy={leftLegacy} />
        <OnlyIn title={titles.right} cards={comparison.onlyRight} legacy={rightLegacy} />
      </div>
      <DifferentCounts comparison={comparison} titles={titles} legacy={rightLegacy} />
      <Region title="Dice">
        <CompareDice comparison={comparison} left={left} right={right} titles={titles} />
      </Region>
      {comparison.phoenixborn ? (
        <Region title="Phoenixborn">
          <dl className={styles.phoenixborn}>
            <dt>{titles.left}</dt>
            <dd>
              <CardLink card={comparison.phoenixborn.left} legacy={leftLegacy} />
            </dd>
            <dt>{titles.right}</dt>
            <dd>
              <CardLink card={comparison.phoenixborn.right} legacy={rightLegacy} />
            </dd>
          </dl>
        </Region>
      ) : null}
    </div>
  )
}
