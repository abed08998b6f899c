import { LIMITS } from '@spellboard/core/limits'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { setDescription, typeDraft } from '../../store/builder-transitions.ts'
import { LazyRichText } from '../card-text/lazy-rich-text.tsx'
import styles from './builder-pane.module.css'

/** The deck description: shown formatted, or edited in place and kept when the box loses focus. */
export function DescriptionEditor() {
  const stored = useAppStore((state) => state.builder.deck.description)
  const typed = useAppStore((state) => state.builder.typed.description)
  const updateBuilder = useAppStore((state) => state.updateBuilder)
  // Text typed before a reload opens the editor again, with that text.
  const [editing, setEditing] = useState(typed !== undefined)
  const draft = typed ?? stored
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)

  useEffect(() => {
    // Back to the button that opened the editor, so the keyboard keeps its place.
    if (wasEditing.current && !editing) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  const commit = () => {
    const refused = updateBuilder((state) => setDescription(state, draft))
    if (refused) notify.error(refused)
    updateBuilder((state) => typeDraft(state, 'description', null))
  }

  const edit = (value: string) => {
    updateBuilder((state) => typeDraft(state, 'description', value !== stored ? value : null))
  }

  if (editing) {
    return (
      <section className={styles.section} aria-label="Description">
        <TextareaField
          label="Deck description..."
          rows={10}
          value={draft}
          maxLength={LIMITS.longText}
          autoFocus
          onChange={(event) => edit(event.target.value)}
          onBlur={commit}
        />
        <Button
          onClick={() => {
            commit()
            setEditing(false)
          }}
        >
          Done editing description
        </Button>
      </section>
    )
  }

  return (
    <section className={styles.section} aria-labelledby="builder-description">
      <div className={styles.sectionHeader}>
        <h3 id="builder-description" className={styles.subheading}>
          Description
        </h3>
        <Button ref={editButton} size="sm" onClick={() => setEditing(true)}>
          Edit description
        </Button>
      </div>
      {stored.trim() ? (
        <LazyRichText text={stored} className={styles.description} />
      ) : (
        <p className={styles.placeholder}>No description yet...</p>
      )}
    </section>
  )
}
