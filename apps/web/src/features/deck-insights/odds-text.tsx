import { formatChance, formatDiscards, type PayOdds } from '@spellboard/core/dice-odds'
import styles from './deck-insights.module.css'

/** 'Meditate: 0.6 discards' on average to pay, or that no roll ever pays. */
export function meditateText(meditate: PayOdds['meditate']): string {
  if (meditate === null) return 'Meditate: cannot pay'
  const discards = formatDiscards(meditate)
  return `Meditate: ${discards} ${discards === '1.0' ? 'discard' : 'discards'}`
}

/** A chance ('43.2%') with the Meditate figure beside it. */
export function Chance({ odds }: { odds: PayOdds }) {
  return (
    <span className={styles.chance}>
      <strong className={styles.percent}>{formatChance(odds.chance)}</strong>
      <span className={styles.meditate}>{meditateText(odds.meditate)}</span>
    </span>
  )
}
