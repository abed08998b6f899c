import type { CostEntry } from '@spellboard/core/card-schemas'
import styles from './card-costs.module.css'
import { InlineMarkup } from './inline-token.tsx'

type CardCostsProps = {
  cost: CostEntry[] | undefined
  legacy?: boolean
  className?: string
}

/** A card's play cost in order; an either/or pair shows its two options with an "or" between. */
export function CardCosts({ cost, legacy = false, className }: CardCostsProps) {
  if (!cost?.length) return null
  return (
    <span className={className ? `${styles.costs} ${className}` : styles.costs}>
      {cost.map((entry, index) => (
        // A card's cost list is fixed; entries may repeat, so the position is the key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index} className={styles.entry}>
          {index > 0 ? <span className="visually-hidden">, </span> : null}
          {typeof entry === 'string' ? (
            <InlineMarkup text={entry} legacy={legacy} />
          ) : (
            <span className={styles.either}>
              <InlineMarkup text={entry[0]} legacy={legacy} />
              <span className={styles.or}>or</span>
              <InlineMarkup text={entry[1]} legacy={legacy} />
            </span>
          )}
        </span>
      ))}
    </span>
  )
}
