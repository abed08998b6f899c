import type { Release } from '@spellboard/core/card-schemas'
import { MAX_BOXES } from '@spellboard/core/collection'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import styles from './release-filter.module.css'

const BOX_COUNTS = Array.from({ length: MAX_BOXES }, (_, at) => at + 1)

type ReleaseBoxesProps = {
  releases: Release[] | undefined
  loading: boolean
  /** Boxes owned per release stub; null until the collection has arrived. */
  boxes: Record<string, number> | null
  onChange: (boxes: Record<string, number>) => void
}

/** Mine: a release ticked is owned (1 box when ticked), with how many boxes beside it. */
export function ReleaseBoxes({ releases, loading, boxes, onChange }: ReleaseBoxesProps) {
  if (!releases) {
    return (
      <p className={styles.hint}>
        {loading ? 'Loading releases...' : 'Releases could not be loaded.'}
      </p>
    )
  }
  const owned = boxes ?? {}
  const set = (stub: string, count: number) => {
    const next = { ...owned }
    if (count > 0) next[stub] = Math.min(MAX_BOXES, count)
    else delete next[stub]
    onChange(next)
  }
  return (
    <ul className={styles.boxes}>
      {releases.map((release) => {
        const count = owned[release.stub] ?? 0
        return (
          <li key={release.stub}>
            <Checkbox
              label={release.name}
              checked={count > 0}
              disabled={boxes === null}
              onChange={(event) => set(release.stub, event.target.checked ? 1 : 0)}
            />
            {count > 0 ? (
              <label className={styles.boxCount}>
                <select
                  value={count}
                  aria-label={`Boxes of ${release.name}`}
                  onChange={(event) => set(release.stub, Number(event.target.value))}
                >
                  {BOX_COUNTS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <span aria-hidden="true">{count === 1 ? 'box' : 'boxes'}</span>
              </label>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
