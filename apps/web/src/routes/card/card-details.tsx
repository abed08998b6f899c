import type { CardDetails } from '@spellboard/core/card-schemas'
import { CardImage } from '../../features/card-image/card-image.tsx'
import { CardCosts } from '../../features/card-text/card-costs.tsx'
import { PhoenixbornStats, UnitStats } from '../../features/card-text/card-stats.tsx'
import { CardText } from '../../features/card-text/card-text.tsx'
import { CardTitle, FanMadeDagger, TypeLine } from '../../features/card-text/card-title.tsx'
import { PhoenixbornChoice } from '../../features/deck-builder/phoenixborn-choice.tsx'
import { SubscribeButton } from '../../features/subscriptions/subscribe-button.tsx'
import { CardComments } from './card-comments.tsx'
import styles from './card-details.module.css'
import { CardSideTable } from './card-side-table.tsx'
import { RecentDecks } from './recent-decks.tsx'
import { RelatedCards } from './related-cards.tsx'

type CardDetailsViewProps = {
  details: CardDetails
  legacy: boolean
  viewer: string | null
}

/** Everything about one card: picture, text, stats, where it comes from, who plays it. */
export function CardDetailsView({ details, legacy, viewer }: CardDetailsViewProps) {
  const { card } = details
  const isPhoenixborn = card.type === 'Phoenixborn'
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{card.name}</h1>
        <p className={styles.release}>
          {card.release.name}
          <FanMadeDagger card={card} />
        </p>
        {isPhoenixborn && !legacy ? <PhoenixbornChoice card={card} /> : null}
      </header>
      <div className={styles.layout}>
        <div className={styles.main}>
          <section className={styles.card} aria-labelledby="card-text-heading">
            <CardImage
              stub={card.stub}
              variant={legacy ? 'legacy' : 'reborn'}
              alt={card.name}
              className={styles.image}
              priority
            />
            <div className={styles.text}>
              <h2 id="card-text-heading" className={styles.sectionTitle}>
                Card text
              </h2>
              <p className={styles.cardName}>
                <CardTitle card={card} />
              </p>
              <p className={styles.typeLine}>
                <TypeLine card={card} />
              </p>
              {card.cost?.length ? (
                <p className={styles.costs}>
                  <span className="visually-hidden">Cost: </span>
                  <CardCosts cost={card.cost} legacy={legacy} />
                </p>
              ) : null}
              {isPhoenixborn ? <PhoenixbornStats card={card} /> : null}
              {card.text ? (
                <CardText text={card.text} legacy={legacy} className={styles.effects} />
              ) : null}
              {isPhoenixborn ? null : <UnitStats card={card} />}
            </div>
          </section>
          <CardComments
            entityId={details.entity_id}
            lastSeenEntityId={details.last_seen_entity_id}
            legacy={legacy}
          />
        </div>
        <aside className={styles.side} aria-label="About this card">
          <CardSideTable details={details} />
          <RelatedCards card={card} related={details.related_cards} legacy={legacy} />
          {viewer && !legacy ? (
            <SubscribeButton
              subject="card"
              entityId={details.entity_id}
              lastSeenEntityId={details.last_seen_entity_id}
              variant={details.last_seen_entity_id ? 'secondary' : 'primary'}
            />
          ) : null}
          <RecentDecks
            stub={card.stub}
            legacy={legacy}
            isPhoenixborn={card.type === 'Phoenixborn'}
          />
        </aside>
      </div>
    </article>
  )
}
