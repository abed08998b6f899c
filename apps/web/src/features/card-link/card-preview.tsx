import type { Card } from '@spellboard/core/card-schemas'
import { CardCosts } from '../card-text/card-costs.tsx'
import { CardStats } from '../card-text/card-stats.tsx'
import { CardText } from '../card-text/card-text.tsx'
import { CardTitle, TypeLine } from '../card-text/card-title.tsx'
import styles from './card-preview.module.css'

/** A Reborn card drawn from its data: title, type, cost, stats and effect text. */
export function CardPreview({ card }: { card: Card }) {
  const isPhoenixborn = card.type === 'Phoenixborn'
  return (
    <article className={styles.card} aria-label={card.name}>
      <header className={styles.header}>
        <div>
          <p className={styles.name}>
            <CardTitle card={card} />
          </p>
          <p className={styles.type}>
            <TypeLine card={card} />
          </p>
        </div>
        <CardCosts cost={card.cost} legacy={card.is_legacy === true} className={styles.costs} />
      </header>
      {isPhoenixborn ? <CardStats card={card} /> : null}
      {card.text ? (
        <CardText text={card.text} legacy={card.is_legacy === true} className={styles.text} />
      ) : null}
      {isPhoenixborn ? null : <CardStats card={card} />}
    </article>
  )
}
