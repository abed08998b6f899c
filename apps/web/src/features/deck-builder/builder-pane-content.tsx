import { useAppStore } from '../../store/app-store.ts'
import { BuilderInsights } from '../deck-insights/builder-insights.tsx'
import { BuilderActions } from './builder-actions.tsx'
import { BuilderCards } from './builder-cards.tsx'
import styles from './builder-pane.module.css'
import { BuilderPhoenixborn } from './builder-phoenixborn.tsx'
import { DescriptionEditor } from './description-editor.tsx'
import { DiceCounters } from './dice-counters.tsx'
import { PhoenixbornPicker } from './phoenixborn-picker.tsx'
import { SaveConflict } from './save-conflict.tsx'
import { TitleEditor } from './title-editor.tsx'

/** Everything the pane shows, wherever it is placed (column or drawer). */
export function BuilderPaneContent() {
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn)
  const redRains = useAppStore((state) => state.builder.deck.isRedRains)
  return (
    <div className={styles.content}>
      {/* At the top of the pane; on a phone, a bar at the bottom of the drawer, in thumb reach. */}
      <div className={styles.deckBar}>
        <header className={styles.header}>
          <h2 id="builder-heading" className={styles.heading}>
            Build your {redRains ? <span className={styles.redRains}>Red Rains</span> : null}
            {redRains ? ' ' : null}deck
          </h2>
          <BuilderActions />
        </header>
        <TitleEditor />
      </div>
      <SaveConflict />
      {phoenixborn ? (
        <>
          {/* The deck first (title, Phoenixborn, cards), then its dice and description. */}
          <BuilderPhoenixborn phoenixborn={phoenixborn} />
          <BuilderCards />
          <DiceCounters />
          <BuilderInsights />
          <DescriptionEditor />
        </>
      ) : (
        <>
          <p className={styles.intro}>
            Choose your Phoenixborn to get started! (Don't worry, you can always change your mind.)
          </p>
          <PhoenixbornPicker />
        </>
      )}
    </div>
  )
}
