import styles from './builder-insights.module.css'

/**
 * A card row's chance-to-pay hint in the builder list: shown while the row is hovered or holds
 * focus (its text is always there for screen readers).
 */
export function PayHint({ text }: { text: string | null }) {
  if (!text) return null
  return <span className={styles.payHint}>{text}</span>
}
