import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { keepMyVersion, loadLatestVersion } from './builder-commands.ts'
import styles from './save-conflict.module.css'

export const CONFLICT_MESSAGES = {
  changed: 'This deck was changed somewhere else.',
  loadLatest: 'Load the latest',
  keepMine: 'Keep my version',
} as const

/**
 * A save refused because the deck was changed on another device: nothing more is saved until
 * the player chooses to load that version (their copy is dropped, nothing is written) or to
 * keep theirs (saved over it, knowingly).
 */
export function SaveConflict() {
  const conflict = useAppStore((state) => Boolean(state.builder.conflict))
  const [busy, setBusy] = useState<'load' | 'keep' | null>(null)
  if (!conflict) return null

  const choose = (choice: 'load' | 'keep') => {
    setBusy(choice)
    const run = choice === 'load' ? loadLatestVersion() : keepMyVersion()
    run.catch(notifyApiError).finally(() => setBusy(null))
  }

  return (
    <div className={styles.conflict} role="alert">
      <p className={styles.message}>{CONFLICT_MESSAGES.changed}</p>
      <div className={styles.choices}>
        <Button
          size="sm"
          busy={busy === 'load'}
          disabled={busy !== null}
          onClick={() => choose('load')}
        >
          {CONFLICT_MESSAGES.loadLatest}
        </Button>
        <Button
          size="sm"
          busy={busy === 'keep'}
          disabled={busy !== null}
          onClick={() => choose('keep')}
        >
          {CONFLICT_MESSAGES.keepMine}
        </Button>
      </div>
    </div>
  )
}
