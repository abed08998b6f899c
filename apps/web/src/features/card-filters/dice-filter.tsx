import type { GameIconName } from '@spellboard/core/card-text'
import { GameIcon } from '../card-text/game-icon.tsx'
import { FILTER_DICE } from './card-filters.ts'
import styles from './dice-filter.module.css'
import segmented from './segmented.module.css'

type DiceFilterProps = {
  dice: string[]
  /** `includes` = at least one of the selected types; anything else reads as `only`. */
  includes: boolean
  disabled: boolean
  onToggleDie: (die: string) => void
  onToggleLogic: () => void
}

const ONLY_TEXT = 'Only use the selected magic types'
const INCLUDES_TEXT = 'Incl.: cards using at least one of the selected magic types'

function dieLabel(die: string) {
  return `${die.charAt(0).toUpperCase()}${die.slice(1)} magic`
}

/** The magic-type buttons with the only/includes switch in front. */
export function DiceFilter({
  dice,
  includes,
  disabled,
  onToggleDie,
  onToggleLogic,
}: DiceFilterProps) {
  return (
    <fieldset className={segmented.fieldset} disabled={disabled}>
      <legend className="visually-hidden">Filter by magic type</legend>
      <div className={segmented.group}>
        <button
          type="button"
          className={`${segmented.segment} ${styles.logic}`}
          title={includes ? INCLUDES_TEXT : ONLY_TEXT}
          onClick={onToggleLogic}
        >
          <span aria-hidden="true">{includes ? 'Incl.' : 'Only'}</span>
          <span className="visually-hidden">{includes ? INCLUDES_TEXT : ONLY_TEXT}</span>
        </button>
        {FILTER_DICE.map((die) => {
          const icon = (die === 'basic' ? 'basic' : `${die}-power`) as GameIconName
          const label = dieLabel(die)
          return (
            <button
              key={die}
              type="button"
              className={segmented.segment}
              aria-pressed={dice.includes(die)}
              title={die === 'basic' && includes ? `${label} (not with Incl.)` : label}
              disabled={die === 'basic' && includes}
              onClick={() => onToggleDie(die)}
            >
              <GameIcon icon={icon} label={label} die={die} className={styles.die} />
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
