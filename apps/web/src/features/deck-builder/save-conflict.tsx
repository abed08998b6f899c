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

type Choice = 'load' | 'keep'
const CHOICES: [Choice, string][] = [
  ['load', CONFLICT_MESSAGES.loadLatest],
  ['keep', CONFLICT_MESSAGES.keepMine],
]

/**
 * A save refused because the deck was changed on another device: nothing more is saved until
 * the player chooses to load that version (their copy is dropped, nothing is written) or to
 * keep theirs (saved over it, knowingly).
 */
export function SaveConflict() {
  const conflict = useAppStore((state) => Boolean(state.builder.conflict))
  const [busy, setBusy] = useState<Choice | null>(null)
  if (!conflict) return null

  const choose = (choice: Choice) => {
    setBusy(choice)
    const run = choice === 'load' ? loadLatestVersion() : keepMyVersion()
    run.catch(notifyApiError).finally(() => setBusy(null))
  }

  return (
    <div className={styles.conflict} role="alert">
      <p className={styles.message}>{CONFLICT_MESSAGES.changed}</p>
      <div className={styles.choices}>
        {CHOICES.map(([choice, label]) => (
          <Button
            key={choice}
            size="sm"
            busy={busy === choice}
            disabled={busy !== null}
            onClick={() => choose(choice)}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  )
}
