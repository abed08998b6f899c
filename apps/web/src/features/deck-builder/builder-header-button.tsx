import { useRouteMeta } from '../../lib/route-meta.ts'
import styles from './builder-header-button.module.css'
import { useBuilderEnabled, useExitBuilder, useNewDeck } from './builder-hooks.ts'

/** The header's way in and out of deck building: 'New deck' ('New Red Rains deck' on those routes). */
export function BuilderHeaderButton() {
  const enabled = useBuilderEnabled()
  const newDeck = useNewDeck()
  const exitBuilder = useExitBuilder()
  const meta = useRouteMeta()
  if (enabled) {
    return (
      <button type="button" className={styles.button} onClick={() => void exitBuilder()}>
        Exit builder
      </button>
    )
  }
  return (
    <button type="button" className={styles.button} onClick={() => newDeck()}>
      {meta.redRains ? 'New Red Rains deck' : 'New deck'}
    </button>
  )
}
