import styles from './save-icon.module.css'
import type { SaveState } from './save-status.ts'

/**
 * The save state at a glance: a grey circle without a Phoenixborn, a spinner while saving, an
 * orange exclamation for unsaved changes (red when refused as stale), a green check once saved. Decorative: the label says it.
 */
export function SaveIcon({ state }: { state: SaveState }) {
  return (
    <svg
      className={styles.icon}
      data-state={state}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
    >
      {state === 'saving' ? (
        <circle className={styles.spinner} cx="12" cy="12" r="9" fill="none" strokeWidth="3" />
      ) : (
        <circle cx="12" cy="12" r="11" />
      )}
      {state === 'dirty' || state === 'conflict' ? (
        <path
          className={styles.glyph}
          d="M12 6v8M12 17.5v.5"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      ) : null}
      {state === 'saved' ? (
        <path
          className={styles.glyph}
          d="M7 12.5l3.2 3.2L17 8.8"
          fill="none"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  )
}
