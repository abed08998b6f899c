import { Icon, type IconName } from '../../components/icons/icon.tsx'
import { dieColours } from '../card-text/game-icon.tsx'
import styles from './deck-dice.module.css'

type DeckDiceProps = {
  dice: readonly { name: string; count: number }[]
  /** 'sm' for listing rows; 'md' (default) for a deck page. */
  size?: 'sm' | 'md'
  className?: string
}

const capitalise = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/** Accessible summary of a dice pool: '5 Ceremonial, 5 Charm'. */
export function diceSummary(dice: readonly { name: string; count: number }[]): string {
  const rolled = dice.filter((die) => die.count > 0)
  return rolled.length
    ? rolled.map((die) => `${die.count} ${capitalise(die.name)}`).join(', ')
    : 'No dice'
}

/** A deck's dice as coloured dice faces, one per die, in the order the deck stores them. */
export function DeckDice({ dice, size = 'md', className }: DeckDiceProps) {
  const rolled = dice.filter((die) => die.count > 0)
  return (
    <p
      className={[styles.dice, styles[size], className].filter(Boolean).join(' ')}
      title={diceSummary(rolled)}
    >
      {/* Read out on screen; on paper it replaces the dice faces. */}
      <span className={`visually-hidden ${styles.words}`}>Dice: {diceSummary(rolled)}</span>
      {rolled.flatMap((die) =>
        Array.from({ length: die.count }, (_, index) => (
          <Icon
            // biome-ignore lint/suspicious/noArrayIndexKey: copies of one die are interchangeable
            key={`${die.name}-${index}`}
            name={`${die.name}-power` as IconName}
            className={styles.die}
            style={dieColours(die.name)}
          />
        )),
      )}
    </p>
  )
}
