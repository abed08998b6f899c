import { zodResolver } from '@hookform/resolvers/zod'
import { commentCreateSchema } from '@spellboard/core/comments'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { RichText } from '../card-text/card-text.tsx'
import styles from './comments.module.css'
import { FormattingHelp } from './formatting-help.tsx'

type Mode = 'write' | 'preview'

export type CommentEditorProps = {
  /** Names the text box ('Your comment', 'Edit comment'). */
  label: string
  submitLabel: string
  initialText?: string
  busy: boolean
  legacy?: boolean
  /** Resolves true when the text was taken, which empties the editor. */
  onSubmit: (text: string) => Promise<boolean>
  onCancel?: () => void
}

/**
 * Write and Preview tabs over one text, the formatting guide and the content policies. Blank text
 * can be neither previewed nor sent: the server would refuse it.
 */
export function CommentEditor({
  label,
  submitLabel,
  initialText = '',
  busy,
  legacy = false,
  onSubmit,
  onCancel,
}: CommentEditorProps) {
  const [mode, setMode] = useState<Mode>('write')
  const [helpOpen, setHelpOpen] = useState(false)
  const { register, handleSubmit, watch, reset, formState } = useForm({
    resolver: zodResolver(commentCreateSchema),
    defaultValues: { text: initialText },
  })
  const text = watch('text')
  const blank = !text.trim()

  const submit = handleSubmit(async ({ text: value }) => {
    if (await onSubmit(value)) {
      reset({ text: '' })
      setMode('write')
    }
  })

  const previewing = mode === 'preview' && !blank
  return (
    <form className={styles.editor} noValidate onSubmit={(event) => void submit(event)}>
      <Tabs
        label={label}
        items={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview', disabled: blank },
        ]}
        value={previewing ? 'preview' : 'write'}
        onChange={setMode}
      >
        {/* The text box stays mounted while previewing, so the caret and undo history survive. */}
        <div hidden={previewing}>
          <TextareaField
            label={label}
            hideLabel
            placeholder="Enter comment here"
            rows={5}
            className={styles.textField}
            error={formState.errors.text?.message}
            {...register('text')}
          />
        </div>
        {previewing ? (
          <div className={styles.preview}>
            <RichText text={text} legacy={legacy} />
          </div>
        ) : null}
      </Tabs>
      <div className={styles.editorFooter}>
        <p className={styles.policies}>
          Please respect the <Link to="/policies/">content policies</Link>.{' '}
          <button type="button" className={styles.linkButton} onClick={() => setHelpOpen(true)}>
            Formatting help
          </button>
        </p>
        <div className={styles.editorActions}>
          {onCancel ? (
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" variant="primary" disabled={blank} busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </div>
      {helpOpen ? <FormattingHelp open onClose={() => setHelpOpen(false)} legacy={legacy} /> : null}
    </form>
  )
}
