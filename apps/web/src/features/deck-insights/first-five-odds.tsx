import { DICE_ODDS_HELP, formatChance } from '@spellboard/core/dice-odds'
import { allFiveLine, type FirstFiveDeck, firstFiveOdds } from '@spellboard/core/first-five'
import type { CardLookup } from '@spellboard/core/magic-costs'
import { useId, useMemo } from 'react'
import { CardLink } from '../card-link/card-link.tsx'
import styles from './deck-insights.module.css'
import { Chance, meditateText } from './odds-text.tsx'

type FirstFiveOddsProps = {
  deck: FirstFiveDeck & { is_legacy?: boolean | null | undefined }
  lookup: CardLookup
}

/**
 * The 'First Five' of a deck page: each card with the chance one roll of the deck's dice pays
 * its play cost, all five at once, and the model in words.
 */
export function FirstFiveOdds({ deck, lookup }: FirstFiveOddsProps) {
  const id = useId()
  const odds = useMemo(() => firstFiveOdds(deck, lookup), [deck, lookup])
  const legacy = deck.is_legacy === true
  return (
    <section className={styles.insights} aria-labelledby={`${id}-first-five`}>
      <h2 id={`${id}-first-five`} className={styles.heading}>
        First Five
      </h2>
      {deck.first_five.length === 0 ? (
        <p className={styles.muted}>No First Five marked for this deck.</p>
      ) : (
        <>
          <ul className={styles.oddsList}>
            {odds.cards.map((card) => (
              <li key={card.stub} className={styles.oddsRow}>
                <span className={styles.oddsName}>
                  <CardLink card={{ name: card.name, stub: card.stub }} legacy={legacy} />
                </span>
                <Chance odds={card} />
              </li>
            ))}
          </ul>
          <p className={styles.allFive}>
            <strong>{allFiveLine(odds.all)}</strong>{' '}
            <span className={styles.meditate}>{meditateText(odds.all.meditate)}</span>
          </p>
          {odds.allWithEffects ? (
            <p className={styles.allFive}>
              With the effects paid in round 1: {formatChance(odds.allWithEffects.chance)}{' '}
              <span className={styles.meditate}>{meditateText(odds.allWithEffects.meditate)}</span>
            </p>
          ) : null}
        </>
      )}
      <p className={styles.help}>{DICE_ODDS_HELP}</p>
    </section>
  )
}
