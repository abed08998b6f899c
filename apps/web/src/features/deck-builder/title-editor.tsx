import { LIMITS } from '@spellboard/core/limits'
import { useEffect, useState } from 'react'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { markDraft, setTitle } from '../../store/builder-transitions.ts'
import { saveNow } from './autosave.ts'
import { SaveIcon } from './save-icon.tsx'
import { SAVE_LABELS, saveState } from './save-status.ts'
import styles from './title-editor.module.css'

/**
 * The deck title (kept on blur or Enter, which starts the autosave) and the save button, which
 * saves at once; beside them the save state as icon and words.
 */
export function TitleEditor() {
  const stored = useAppStore((state) => state.builder.deck.title)
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn)
  const state = useAppStore((s) => saveState(s.builder))
  const updateBuilder = useAppStore((s) => s.updateBuilder)
  const [draft, setDraft] = useState(stored)

  // A save or another deck can change the title under the input.
  useEffect(() => {
    setDraft(stored)
    updateBuilder((builder) => markDraft(builder, 'title', false))
  }, [stored, updateBuilder])

  const edit = (value: string) => {
    setDraft(value)
    updateBuilder((builder) => markDraft(builder, 'title', value.trim() !== stored))
  }

  const commit = () => {
    const refused = updateBuilder((builder) => setTitle(builder, draft.trim()))
    if (refused) notify.error(refused)
    updateBuilder((builder) => markDraft(builder, 'title', false))
  }

  const disabled = !phoenixborn
  return (
    <div className={styles.editor}>
      <div className={styles.row}>
        <label htmlFor="builder-title" className="visually-hidden">
          Deck title
        </label>
        <input
          id="builder-title"
          className={styles.input}
          value={draft}
          maxLength={LIMITS.deckTitle}
          placeholder={phoenixborn ? `Untitled ${phoenixborn.name}` : 'Deck title'}
          disabled={disabled}
          onChange={(event) => edit(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit()
            }
          }}
        />
        <button
          type="button"
          className={styles.save}
          disabled={disabled}
          aria-label="Save deck"
          title={SAVE_LABELS[state]}
          // Keep the input's blur from racing the click: the click commits the title itself.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            commit()
            void saveNow({ explicit: true, force: true })
          }}
        >
          <SaveIcon state={state} />
        </button>
      </div>
      <p className={styles.status} role="status" data-state={state}>
        {SAVE_LABELS[state]}
      </p>
    </div>
  )
}
