import { zodResolver } from '@hookform/resolvers/zod'
import { deckTitle } from '@spellboard/core/deck-sections'
import { type SnapshotEdit, snapshotEditSchema } from '@spellboard/core/decks'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useEditSnapshot } from '../../api/decks.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { notify, notifyApiError } from '../../lib/toast.ts'

type EditableSnapshot = {
  id: number
  title: string | null
  description: string | null
  phoenixborn: { name: string }
}

type EditSnapshotDialogProps = {
  open: boolean
  onClose: () => void
  snapshot: EditableSnapshot
}

// The edit body's own limits, for the two fields as the form holds them (strings, never null).
const fieldsSchema = z.object({
  title: snapshotEditSchema.shape.title.unwrap().unwrap(),
  description: snapshotEditSchema.shape.description.unwrap().unwrap(),
})
type Fields = z.infer<typeof fieldsSchema>

/**
 * A snapshot's title and description can change at any time; its cards and dice cannot. A blank
 * title keeps the current one, and the description is only sent when it changed.
 */
export function EditSnapshotDialog({ open, onClose, snapshot }: EditSnapshotDialogProps) {
  const edit = useEditSnapshot()
  const initial: Fields = { title: snapshot.title ?? '', description: snapshot.description ?? '' }
  const form = useForm<Fields>({
    values: initial,
    resolver: zodResolver(fieldsSchema),
  })

  const submit = form.handleSubmit((fields) => {
    const body: SnapshotEdit = {}
    const title = fields.title.trim()
    if (title && title !== initial.title) body.title = title
    if (fields.description !== initial.description) body.description = fields.description
    if (!Object.keys(body).length) {
      onClose()
      return
    }
    edit.mutate(
      { id: snapshot.id, edit: body },
      {
        onSuccess: () => {
          notify.success('Your snapshot has been updated!')
          onClose()
        },
        onError: notifyApiError,
      },
    )
  })

  return (
    <Dialog open={open} onClose={onClose} title="Edit your snapshot">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>
          You can edit your snapshot's title or description at any time; to change cards or dice,
          save a new snapshot.
        </p>
        <TextField
          label="Title"
          placeholder={deckTitle({ ...snapshot, title: null })}
          error={form.formState.errors.title?.message}
          {...form.register('title')}
        />
        <TextareaField
          label="Description"
          rows={8}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
        <Button type="submit" variant="primary" busy={edit.isPending}>
          Update snapshot!
        </Button>
      </form>
    </Dialog>
  )
}
