import { SUMMON_TYPE, TYPE_OPTIONS } from './card-filters.ts'
import segmented from './segmented.module.css'
import styles from './type-filter.module.css'

type TypeFilterProps = {
  types: string[]
  disabled: boolean
  onToggle: (type: string) => void
}

/** Card-type buttons, and the All / Summons switch for summoning spells. */
export function TypeFilter({ types, disabled, onToggle }: TypeFilterProps) {
  const summonsOnly = types.includes(SUMMON_TYPE)
  return (
    <div className={styles.row}>
      <fieldset className={`${segmented.fieldset} ${styles.types}`} disabled={disabled}>
        <legend className="visually-hidden">Filter by card type</legend>
        <div className={segmented.group}>
          {TYPE_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              className={segmented.segment}
              aria-pressed={types.includes(option.value)}
              onClick={() => onToggle(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className={segmented.fieldset} disabled={disabled}>
        <legend className="visually-hidden">Summoning spells</legend>
        <div className={segmented.group}>
          <button
            type="button"
            className={segmented.segment}
            aria-pressed={!summonsOnly}
            onClick={() => summonsOnly && onToggle(SUMMON_TYPE)}
          >
            All
          </button>
          <button
            type="button"
            className={segmented.segment}
            aria-pressed={summonsOnly}
            onClick={() => !summonsOnly && onToggle(SUMMON_TYPE)}
          >
            Summons
          </button>
        </div>
      </fieldset>
    </div>
  )
}
