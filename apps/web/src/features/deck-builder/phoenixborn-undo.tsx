import { Button } from '../../components/ui/button.tsx'
import { useAppStore } from '../../store/app-store.ts'
import type { PhoenixbornUndo as Undo } from '../../store/builder-slice.ts'
import { dismissPhoenixbornUndo, undoPhoenixborn } from '../../store/builder-transitions.ts'
import styles from './builder-pane.module.css'

/** 'Removed 3× One Hundred Blades, 1× Fire Archer': what a Phoenixborn change took out. */
export const removedText = (undo: Pick<Undo, 'removed'>) =>
  `Removed ${undo.removed.map((card) => `${card.count}× ${card.name}`).join(', ')}`

/** After 'Change Phoenixborn' took cards out: which, with 'Undo' to take the change back. */
export function PhoenixbornUndo() {
  const undo = useAppStore((state) => state.builder.phoenixbornUndo)
  const updateBuilder = useAppStore((state) => state.updateBuilder)
  return (
    <div role="status">
      {undo ? (
        <div className={styles.undo}>
          <p className={styles.undoText}>{removedText(undo)}</p>
          <Button size="sm" onClick={() => updateBuilder(undoPhoenixborn)}>
            Undo
          </Button>
          <Button size="sm" variant="ghost" onClick={() => updateBuilder(dismissPhoenixbornUndo)}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </div>
  )
}
