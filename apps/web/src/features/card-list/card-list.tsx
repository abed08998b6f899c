import type { Card } from '@spellboard/core/card-schemas'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Icon } from '../../components/icons/icon.tsx'
import { CardImage } from '../card-image/card-image.tsx'
import { CardLink, cardPath } from '../card-link/card-link.tsx'
import { CardCosts } from '../card-text/card-costs.tsx'
import { FanMadeDagger, phoenixbornShortName } from '../card-text/card-title.tsx'
import styles from './card-list.module.css'

/** Something a screen adds to each card (the deck builder's quantity buttons). */
export type RenderCardActions = (card: Card) => ReactNode

type CardListProps = {
  cards: Card[]
  galleryStyle: 'list' | 'binder'
  legacy: boolean
  renderActions?: RenderCardActions
  /** Dims the cards while a new listing loads. */
  stale?: boolean
}

/** Cards as dense rows or as a binder of pictures. */
export function CardList({
  cards,
  galleryStyle,
  legacy,
  renderActions,
  stale = false,
}: CardListProps) {
  if (galleryStyle === 'binder' && !legacy) {
    return (
      <ul className={styles.binder} aria-label="Cards" aria-busy={stale} data-stale={stale}>
        {cards.map((card) => (
          <BinderItem key={card.stub} card={card} renderActions={renderActions} />
        ))}
      </ul>
    )
  }
  return (
    <ul
      className={styles.list}
      aria-label="Cards"
      aria-busy={stale}
      data-stale={stale}
      data-actions={Boolean(renderActions)}
    >
      {cards.map((card) => (
        <CardRow key={card.stub} card={card} legacy={legacy} renderActions={renderActions} />
      ))}
    </ul>
  )
}

type ItemProps = { card: Card; renderActions?: RenderCardActions | undefined }

function Owner({ card }: { card: Card }) {
  if (!card.phoenixborn) return null
  return (
    <span className={styles.owner} title={card.phoenixborn}>
      ({phoenixbornShortName(card.phoenixborn)})
    </span>
  )
}

const shownStat = (value: string | number | undefined) =>
  value === undefined ? '–' : String(value)

/** Attack (or battlefield) / life / recover (or spellboard), as the list shows them. */
function CompactStats({ card }: { card: Card }) {
  const first = card.attack ?? card.battlefield
  const third = card.recover ?? card.spellboard
  if (first === undefined && card.life === undefined && third === undefined) return null
  const isPhoenixborn = card.type === 'Phoenixborn'
  const title = isPhoenixborn
    ? `Battlefield ${shownStat(first)}, Life ${shownStat(card.life)}, Spellboard ${shownStat(third)}`
    : `Attack ${shownStat(first)}, Life ${shownStat(card.life)}, Recover ${shownStat(third)}`
  return (
    <span className={styles.stats} title={title}>
      <span className="visually-hidden">{title}</span>
      <span aria-hidden="true">
        <span data-tone="attack">{shownStat(first)}</span> /{' '}
        <span data-tone="life">{shownStat(card.life)}</span> /{' '}
        <span data-tone="recover">{shownStat(third)}</span>
      </span>
    </span>
  )
}

function Conjurations({ card, legacy }: { card: Card; legacy: boolean }) {
  if (!card.conjurations?.length) return null
  return (
    <span className={styles.conjurations}>
      {card.conjurations.map((conjuration) => (
        <CardLink
          key={conjuration.stub}
          card={conjuration}
          legacy={legacy}
          className={styles.conjuration}
        >
          <Icon name="conjuration" label={`Conjuration: ${conjuration.name}`} />
        </CardLink>
      ))}
    </span>
  )
}

function CardRow({ card, legacy, renderActions }: ItemProps & { legacy: boolean }) {
  return (
    <li className={styles.row}>
      {renderActions ? <div className={styles.actions}>{renderActions(card)}</div> : null}
      <div className={styles.name}>
        <CardLink card={card} legacy={legacy} />
        <Owner card={card} />
        <FanMadeDagger card={card} />
      </div>
      <div className={styles.type}>{card.type}</div>
      <div className={styles.extras}>
        <Conjurations card={card} legacy={legacy} />
        <CompactStats card={card} />
      </div>
      <div className={styles.cost}>
        <CardCosts cost={card.cost} legacy={legacy} />
      </div>
    </li>
  )
}

function BinderItem({ card, renderActions }: ItemProps) {
  return (
    <li className={styles.tile}>
      {/* The picture repeats the caption link for pointer users; keyboards use the caption. */}
      <Link
        to={cardPath(card.stub, false)}
        tabIndex={-1}
        aria-hidden="true"
        className={styles.picture}
      >
        <CardImage stub={card.stub} variant="reborn" alt="" lazy />
      </Link>
      <div className={styles.caption}>
        <span className={styles.captionName}>
          <CardLink card={card} />
          <Owner card={card} />
          <FanMadeDagger card={card} />
        </span>
        {renderActions ? <div className={styles.actions}>{renderActions(card)}</div> : null}
      </div>
    </li>
  )
}
