import type { CardDetails } from '@spellboard/core/card-schemas'
import type { GameIconName } from '@spellboard/core/card-text'
import { Link } from 'react-router'
import { GameIcon } from '../../features/card-text/game-icon.tsx'
import styles from './card-details.module.css'

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many)

/** 'N users have this card in M decks', in the singular where it applies. */
export function usageText({ users, decks }: { users: number; decks: number }): string {
  return `${users} ${plural(users, 'user has', 'users have')} this card in ${decks} ${plural(decks, 'deck', 'decks')}`
}

const dieName = (die: string) => `${die.charAt(0).toUpperCase()}${die.slice(1)} magic`

/** Dice needed, usage, release and preconstructed deck. */
export function CardSideTable({ details }: { details: CardDetails }) {
  const { card, usage, preconstructed_deck: precon } = details
  const dice = card.dice ?? []
  const needsDice = dice.length > 0 && !(dice.length === 1 && dice[0] === 'basic')
  const releaseIsPrecon = precon !== null && precon.title === card.release.name
  return (
    <section aria-labelledby="card-stats-heading">
      <h2 id="card-stats-heading" className={styles.sectionTitle}>
        Card stats
      </h2>
      <dl className={styles.facts}>
        {needsDice ? (
          <div className={styles.fact}>
            <dt>Needs:</dt>
            <dd className={styles.dice}>
              {dice.map((die) => (
                <GameIcon
                  key={die}
                  icon={(die === 'basic' ? 'basic' : `${die}-power`) as GameIconName}
                  label={dieName(die)}
                  die={die}
                />
              ))}
            </dd>
          </div>
        ) : null}
        <div className={styles.fact}>
          <dt>Usage:</dt>
          <dd>{usageText(usage)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Release:</dt>
          <dd>
            {releaseIsPrecon ? (
              <Link to={`/decks/${precon.id}/`}>{card.release.name}</Link>
            ) : (
              card.release.name
            )}
          </dd>
        </div>
        {precon && !releaseIsPrecon ? (
          <div className={styles.fact}>
            <dt>Deck:</dt>
            <dd>
              <Link to={`/decks/${precon.id}/`}>{precon.title ?? 'Preconstructed deck'}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}
