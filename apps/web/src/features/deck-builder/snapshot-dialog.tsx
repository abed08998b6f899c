import { zodResolver } from '@hookform/resolvers/zod'
import { deckTitle } from '@spellboard/core/deck-sections'
import { type SnapshotCreate, snapshotCreateSchema } from '@spellboard/core/decks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { api } from '../../api/client.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { notify, notifyApiError } from '../../lib/toast.ts'

export type SnapshotVariant = 'snapshot' | 'publish'

type SnapshotDialogProps = {
  variant: SnapshotVariant | null
  onClose: () => void
  deck: { id: number; title: string; description: string; phoenixborn: { name: string } }
}

const fieldsSchema = z.object({
  title: snapshotCreateSchema.shape.title.unwrap().unwrap(),
  description: snapshotCreateSchema.shape.description.unwrap().unwrap(),
})
type Fields = z.infer<typeof fieldsSchema>

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
  const initial: Fields = { title: '', description: deck.description }
  const form = useForm<Fields>({ values: initial, resolver: zodResolver(fieldsSchema) })
  const copy = COPY[variant ?? 'snapshot']

  const submit = form.handleSubmit((fields) => {
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
  })

  return (
    <Dialog open={variant !== null} onClose={onClose} title={copy.title}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{copy.intro}</p>
        <TextField
          label="Title"
          placeholder={deck.title || deckTitle({ title: null, phoenixborn: deck.phoenixborn })}
          error={form.formState.errors.title?.message}
          {...form.register('title')}
        />
        <TextareaField
          label="Description"
          rows={8}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
        <Button type="submit" variant="primary" busy={create.isPending}>
          {copy.submit}
        </Button>
      </form>
    </Dialog>
  )
}
