import { deckTitle } from '@spellboard/core/deck-sections'
import type { SnapshotCreate } from '@spellboard/core/decks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import {
  type SnapshotFields,
  SnapshotFieldsDialog,
} from '../deck-snapshot/snapshot-fields-dialog.tsx'

export type SnapshotVariant = 'snapshot' | 'publish'

type SnapshotDialogProps = {
  variant: SnapshotVariant | null
  onClose: () => void
  deck: { id: number; title: string; description: string; phoenixborn: { name: string } }
}

/** `POST /v2/decks/{id}/snapshot`: a private snapshot, or a public one (publishing). */
function useCreateSnapshot() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<SnapshotCreate> }) =>
      api<{ snapshot_id: number }>(`/decks/${id}/snapshot`, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks'] }),
  })
}

const COPY = {
  snapshot: {
    title: 'Save a private snapshot',
    intro:
      'A snapshot keeps your deck as it is now. Private snapshots are only visible to you, in the deck history.',
    submit: 'Save snapshot',
  },
  publish: {
    title: 'Publish your deck',
    intro:
      'Publishing shares your deck as it is now with everyone. Later edits stay private until you publish again.',
    submit: 'Publish deck',
  },
} as const

/**
 * Saves the open deck as a snapshot. A blank title falls back to the deck's own, and the
 * description is sent only when the player changed it (otherwise the deck's is copied).
 */
export function SnapshotDialog({ variant, onClose, deck }: SnapshotDialogProps) {
  const create = useCreateSnapshot()
  const navigate = useNavigate()
  const initial: SnapshotFields = { title: '', description: deck.description }
  const copy = COPY[variant ?? 'snapshot']

  const submit = (fields: SnapshotFields) => {
    const isPublic = variant === 'publish'
    const body: Partial<SnapshotCreate> = { is_public: isPublic }
    const title = fields.title.trim()
    if (title) body.title = title
    if (fields.description !== initial.description) body.description = fields.description
    create.mutate(
      { id: deck.id, body },
      {
        onSuccess: ({ snapshot_id }) => {
          onClose()
          if (isPublic) {
            notify.success('Your deck has been published!')
            navigate(`/decks/${deck.id}/`)
          } else {
            notify.success('Your snapshot has been saved!')
            navigate(`/decks/mine/${snapshot_id}/`)
          }
        },
        onError: notifyApiError,
      },
    )
  }

  return (
    <SnapshotFieldsDialog
      open={variant !== null}
      onClose={onClose}
      title={copy.title}
      intro={copy.intro}
      submitLabel={copy.submit}
      busy={create.isPending}
      titlePlaceholder={deck.title || deckTitle({ title: null, phoenixborn: deck.phoenixborn })}
      initial={initial}
      onSubmit={submit}
    />
  )
}
