import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { phoenixbornOptionsQuery } from '../../api/decks.ts'
import { Toggle } from '../../components/ui/checkbox.tsx'
import { SearchBox } from '../../components/ui/search-box.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import styles from './deck-filters-bar.module.css'
import { FilterChips } from './filter-chips.tsx'
import type { DeckFilterControls } from './use-deck-filters.ts'

type DeckFiltersBarProps = {
  controls: DeckFilterControls
  legacy: boolean
  /** The 'Preconstructed Only' switch (public listings only). */
  showPreconstructed: boolean
  /** 'Only decks I can build' (logged-in players). */
  showBuildable: boolean
  /** More controls at the end of the row (the sort of My decks). */
  extra?: ReactNode
}

/** Title search, Phoenixborn picker, the preconstructed switch and the link-borne chips. */
export function DeckFiltersBar({
  controls,
  legacy,
  showPreconstructed,
  showBuildable,
  extra,
}: DeckFiltersBarProps) {
  // The controls follow a change at once; the listing follows the address.
  const { shown: applied, apply } = controls
  const phoenixborn = useQuery(phoenixbornOptionsQuery(legacy))
  const options = [
    { value: '', label: 'All Phoenixborn' },
    ...(phoenixborn.data ?? []).map((card) => ({ value: card.stub, label: card.name })),
  ]
  // A stub from a link may not be in the list (yet): keep it selectable so the select tells the truth.
  if (applied.phoenixborn && !options.some((option) => option.value === applied.phoenixborn)) {
    options.push({ value: applied.phoenixborn, label: applied.phoenixborn })
  }

  return (
    <div className={styles.bar}>
      <div className={styles.row}>
        <div className={styles.title}>
          <SearchBox
            label="Filter by title"
            value={controls.title}
            onChange={controls.setTitle}
            onClear={() => controls.setTitle('')}
            onSubmit={controls.submitTitle}
          />
        </div>
        <SelectField
          label="Phoenixborn"
          hideLabel
          inline
          className={styles.phoenixborn}
          options={options}
          value={applied.phoenixborn ?? ''}
          onChange={(event) => apply({ phoenixborn: event.target.value || null })}
        />
        {showPreconstructed ? (
          <Toggle
            label="Preconstructed Only"
            className={styles.toggle}
            checked={applied.preconstructed}
            onChange={(event) => apply({ preconstructed: event.target.checked })}
          />
        ) : null}
        {showBuildable ? (
          <Toggle
            label="Only decks I can build"
            className={styles.toggle}
            checked={applied.buildable}
            onChange={(event) => apply({ buildable: event.target.checked })}
          />
        ) : null}
        {extra}
      </div>
      <FilterChips
        cards={applied.cards}
        players={applied.players}
        onRemoveCard={(stub) => apply({ cards: applied.cards.filter((card) => card !== stub) })}
        onRemovePlayer={(badge) =>
          apply({ players: applied.players.filter((player) => player !== badge) })
        }
      />
    </div>
  )
}
