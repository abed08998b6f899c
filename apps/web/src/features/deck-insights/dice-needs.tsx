import type { DiceAnalysis, SymbolCounts } from '@spellboard/core/deck-analysis'
import { Fragment } from 'react'
import { Icon, type IconName } from '../../components/icons/icon.tsx'
import { dieColours } from '../card-text/game-icon.tsx'
import styles from './deck-insights.module.css'

const capitalise = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

function Symbols({ counts }: { counts: SymbolCounts }) {
  const parts = [
    counts.class ? `${counts.class} class` : null,
    counts.power ? `${counts.power} power` : null,
  ].filter((part) => part !== null)
  if (parts.length === 0) return '–'
  // The comma and its space stay outside the unbreakable pieces, where no box can eat the space.
  return parts.map((part, index) => (
    <Fragment key={part}>
      {index > 0 ? ', ' : null}
      <span className={styles.symbols}>{part}</span>
    </Fragment>
  ))
}

/**
 * For each magic type, the symbols the cards and the Phoenixborn need (play and effect costs,
 * and either/or costs it may pay) beside the dice chosen; a type needed but not chosen is flagged.
 */
export function DiceNeeds({ dice }: { dice: DiceAnalysis }) {
  if (dice.types.length === 0 && dice.basic === 0) {
    return <p className={styles.muted}>No dice chosen and no dice costs.</p>
  }
  const either = dice.types.some((type) => type.either > 0)
  return (
    <>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            Symbols the cards need, by magic type, beside the dice chosen
          </caption>
          <thead>
            <tr>
              <th scope="col">Magic</th>
              <th scope="col">Play</th>
              <th scope="col">Effect</th>
              {either ? <th scope="col">Either/or</th> : null}
              <th scope="col">Dice</th>
            </tr>
          </thead>
          <tbody>
            {dice.types.map((need) => (
              <tr key={need.type} data-missing={need.missing || undefined}>
                <th scope="row">
                  <span className={styles.magic}>
                    <Icon
                      name={`${need.type}-power` as IconName}
                      className={styles.die}
                      style={dieColours(need.type)}
                    />
                    {capitalise(need.type)}
                  </span>
                </th>
                <td>
                  <Symbols counts={need.play} />
                </td>
                <td>
                  <Symbols counts={need.effect} />
                </td>
                {either ? <td>{need.either || '–'}</td> : null}
                <td>
                  {need.dice}
                  {need.missing ? <span className={styles.flag}>Needed, not chosen</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dice.basic > 0 ? (
        <p className={styles.muted}>Basic symbols (any face): {dice.basic}</p>
      ) : null}
    </>
  )
}
