import { useQuery } from '@tanstack/react-query'
import { cardQuery } from '../../api/cards.ts'
import { playerQuery } from '../../api/players.ts'
import { Icon } from '../../components/icons/icon.tsx'
import styles from './deck-filters-bar.module.css'

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className={styles.chip}>
      <span>{label}</span>
      <button
        type="button"
        className={styles.chipRemove}
        aria-label={`Remove filter ${label}`}
        title="Remove filter"
        onClick={onRemove}
      >
        <Icon name="close" />
      </button>
    </li>
  )
}

/** A card filter named by the card, once its name is known (the stub until then). */
function CardChip({ stub, onRemove }: { stub: string; onRemove: () => void }) {
  const card = useQuery({ ...cardQuery(stub), retry: false })
  return <Chip label={`Card: ${card.data?.name ?? stub}`} onRemove={onRemove} />
}

function PlayerChip({ badge, onRemove }: { badge: string; onRemove: () => void }) {
  const player = useQuery({ ...playerQuery(badge), retry: false })
  const name = player.data ? `${player.data.username}#${badge}` : `#${badge}`
  return <Chip label={`Player: ${name}`} onRemove={onRemove} />
}

type FilterChipsProps = {
  cards: string[]
  players: string[]
  onRemoveCard: (stub: string) => void
  onRemovePlayer: (badge: string) => void
}

/** Removable chips for the card and player filters that arrive through links. */
export function FilterChips({ cards, players, onRemoveCard, onRemovePlayer }: FilterChipsProps) {
  if (!cards.length && !players.length) return null
  return (
    <ul className={styles.chips} aria-label="Active filters">
      {cards.map((stub) => (
        <CardChip key={`card-${stub}`} stub={stub} onRemove={() => onRemoveCard(stub)} />
      ))}
      {players.map((badge) => (
        <PlayerChip key={`player-${badge}`} badge={badge} onRemove={() => onRemovePlayer(badge)} />
      ))}
    </ul>
  )
}
