import { LIMITS } from '@spellboard/core/limits'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { setTitle, typeDraft } from '../../store/builder-transitions.ts'
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
  const typed = useAppStore((state) => state.builder.typed.title)
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn)
  const conflict = useAppStore((state) => Boolean(state.builder.conflict))
  const state = useAppStore((s) => saveState(s.builder))
  const updateBuilder = useAppStore((s) => s.updateBuilder)
  // What is typed lives in the store (a reload brings it back); else the title as kept.
  const draft = typed ?? stored

  const edit = (value: string) => {
    updateBuilder((builder) => typeDraft(builder, 'title', value.trim() !== stored ? value : null))
  }

  const commit = () => {
    const refused = updateBuilder((builder) => setTitle(builder, draft.trim()))
    if (refused) notify.error(refused)
    updateBuilder((builder) => typeDraft(builder, 'title', null))
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
          // While the deck is in conflict, the pane's two choices are the way to save.
          disabled={disabled || conflict}
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
