import styles from './builder-insights.module.css'

/**
 * A card row's chance-to-pay hint in the builder list: shown while the row is hovered or holds
 * the keyboard's focus, not once it has been pressed (`data-pressed` on the row, until the
 * pointer leaves it). Its text is always there for screen readers.
 */
export function PayHint({ text }: { text: string | null }) {
  if (!text) return null
  return <span className={styles.payHint}>{text}</span>
}
