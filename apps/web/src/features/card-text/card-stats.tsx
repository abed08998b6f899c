import type { Card } from '@spellboard/core/card-schemas'
import styles from './card-stats.module.css'

type Stat = {
  label: string
  value: string | number | undefined
  tone: 'attack' | 'life' | 'recover'
}

const shown = (value: string | number | undefined) => (value === undefined ? '--' : String(value))

function StatBox({ label, value, tone }: Stat) {
  return (
    <span className={styles.stat} data-tone={tone}>
      {label} <strong className={styles.value}>{shown(value)}</strong>
    </span>
  )
}

/** Battlefield, Life and Spellboard of a Phoenixborn. */
export function PhoenixbornStats({ card }: { card: Card }) {
  return (
    <p className={styles.stats}>
      <StatBox label="Battlefield" value={card.battlefield} tone="attack" />
      <StatBox label="Life" value={card.life} tone="life" />
      <StatBox label="Spellboard" value={card.spellboard} tone="recover" />
    </p>
  )
}

export function hasUnitStats(card: Card): boolean {
  return (
    card.attack !== undefined ||
    card.life !== undefined ||
    card.recover !== undefined ||
    card.copies !== undefined
  )
}

/** Copies, Attack, Life and Recover of any other card; a missing value reads "--". */
export function UnitStats({ card }: { card: Card }) {
  if (!hasUnitStats(card)) return null
  return (
    <p className={styles.stats}>
      {card.copies !== undefined ? (
        <span className={styles.copies} title="Copies in the conjuration pile">
          <span className="visually-hidden">Copies: </span>
          {card.copies}
        </span>
      ) : null}
      <StatBox label="Attack" value={card.attack} tone="attack" />
      <StatBox label="Life" value={card.life} tone="life" />
      <StatBox label="Recover" value={card.recover} tone="recover" />
    </p>
  )
}

/** The stats block a card shows: Phoenixborn stats, unit stats, or nothing. */
export function CardStats({ card }: { card: Card }) {
  return card.type === 'Phoenixborn' ? <PhoenixbornStats card={card} /> : <UnitStats card={card} />
}
