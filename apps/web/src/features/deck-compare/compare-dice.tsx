import type { DeckComparison } from '@spellboard/core/deck-compare'
import type { DeckFullOut } from '@spellboard/core/decks'
import { Icon, type IconName } from '../../components/icons/icon.tsx'
import { dieColours } from '../card-text/game-icon.tsx'
import { DeckDice } from '../deck-view/deck-dice.tsx'
import { signed } from './compare-text.ts'
import { CountsHead } from './counts-head.tsx'
import styles from './deck-compare.module.css'

const capitalise = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/** Each side's dice pool, then a row per die type with both counts and the change. */
export function CompareDice<C extends { name: string; stub: string; type: string; count: number }>({
  comparison,
  left,
  right,
  titles,
}: {
  comparison: DeckComparison<C>
  left: DeckFullOut
  right: DeckFullOut
  titles: { left: string; right: string }
}) {
  return (
    <>
      <dl className={styles.pools}>
        <dt>{titles.left}</dt>
        <dd>
          <DeckDice dice={left.dice} size="sm" />
        </dd>
        <dt>{titles.right}</dt>
        <dd>
          <DeckDice dice={right.dice} size="sm" />
        </dd>
      </dl>
      {comparison.dice.length ? (
        <table className={styles.table}>
          <CountsHead what="Die" titles={titles} />
          <tbody>
            {comparison.dice.map((die) => (
              <tr key={die.name}>
                <th scope="row">
                  <span className={styles.dieName}>
                    <Icon
                      name={`${die.name}-power` as IconName}
                      className={styles.die}
                      style={dieColours(die.name)}
                    />
                    {capitalise(die.name)}
                  </span>
                </th>
                <td className={styles.number}>{die.left}</td>
                <td className={styles.number}>{die.right}</td>
                <td
                  className={styles.number}
                  data-change={die.difference > 0 ? 'up' : die.difference < 0 ? 'down' : 'same'}
                >
                  {signed(die.difference)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.none}>Neither deck has dice</p>
      )}
      {comparison.dice.length && !comparison.diceDiffer ? (
        <p className={styles.none}>Both decks use the same dice.</p>
      ) : null}
    </>
  )
}
