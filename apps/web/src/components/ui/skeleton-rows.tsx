import styles from './skeleton-rows.module.css'

export type SkeletonRowsProps = {
  rows?: number
  /** Announced once to screen readers while the rows stand in for content. */
  label?: string
  /** Row height in px (default 40, one list row). */
  rowHeight?: number
}

/** Placeholder rows with the shape of a list, so the page does not jump when data arrives. */
export function SkeletonRows({
  rows = 6,
  label = 'Loading...',
  rowHeight = 40,
}: SkeletonRowsProps) {
  return (
    <div role="status" className={styles.rows}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          key={index}
          aria-hidden="true"
          className={styles.row}
          style={{ height: rowHeight, width: `${70 + ((index * 37) % 30)}%` }}
        />
      ))}
    </div>
  )
}
