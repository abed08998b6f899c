import { Icon } from '../../components/icons/icon.tsx'
import { SORT_OPTIONS } from './card-filters.ts'
import segmented from './segmented.module.css'

type SortControlProps = {
  sort: string
  order: string
  disabled: boolean
  onSort: (sort: string) => void
  onToggleOrder: () => void
}

/** Sort key buttons behind an ascending/descending switch. */
export function SortControl({ sort, order, disabled, onSort, onToggleOrder }: SortControlProps) {
  const descending = order === 'desc'
  return (
    <fieldset className={segmented.fieldset} disabled={disabled}>
      <legend className="visually-hidden">Sort cards</legend>
      <div className={segmented.group}>
        <button
          type="button"
          className={segmented.segment}
          title={descending ? 'Sorted in descending order' : 'Sorted in ascending order'}
          onClick={onToggleOrder}
        >
          <span className={segmented.label}>Sort</span>
          <span className="visually-hidden">{descending ? ' descending' : ' ascending'}</span>
          <Icon name={descending ? 'chevron-down' : 'chevron-up'} />
        </button>
        {SORT_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            className={segmented.segment}
            aria-pressed={sort === option.value}
            onClick={() => onSort(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
