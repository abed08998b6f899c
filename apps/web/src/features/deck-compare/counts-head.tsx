import styles from './deck-compare.module.css'

/** The head of a table of counts on both sides: what is counted, each deck, and the change. */
export function CountsHead({
  what,
  titles,
}: {
  what: string
  titles: { left: string; right: string }
}) {
  return (
    <thead>
      <tr>
        <th scope="col">{what}</th>
        <th scope="col" className={styles.number}>
          {titles.left}
        </th>
        <th scope="col" className={styles.number}>
          {titles.right}
        </th>
        <th scope="col" className={styles.number}>
          Change
        </th>
      </tr>
    </thead>
  )
}
