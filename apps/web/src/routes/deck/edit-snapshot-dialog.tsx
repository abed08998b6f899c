import { deckTitle } from '@spellboard/core/deck-sections'
import type { SnapshotEdit } from '@spellboard/core/decks'
import { useEditSnapshot } from '../../api/decks.ts'
import {
  type SnapshotFields,
  SnapshotFieldsDialog,
} from '../../features/deck-snapshot/snapshot-fields-dialog.tsx'
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

/**
 * A snapshot's title and description can change at any time; its cards and dice cannot. A blank
 * title keeps the current one, and the description is only sent when it changed.
 */
export function EditSnapshotDialog({ open, onClose, snapshot }: EditSnapshotDialogProps) {
  const edit = useEditSnapshot()
  const initial: SnapshotFields = {
    title: snapshot.title ?? '',
    description: snapshot.description ?? '',
  }

  const submit = (fields: SnapshotFields) => {
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
  }

  return (
    <SnapshotFieldsDialog
      open={open}
      onClose={onClose}
      title="Edit your snapshot"
      intro="You can edit your snapshot's title or description at any time; to change cards or dice, save a new snapshot."
      submitLabel="Update snapshot!"
      busy={edit.isPending}
      titlePlaceholder={deckTitle({ ...snapshot, title: null })}
      initial={initial}
      onSubmit={submit}
    />
  )
}
