import { zodResolver } from '@hookform/resolvers/zod'
import { snapshotEditSchema } from '@spellboard/core/decks'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'

// A snapshot's title and description limits (the same when saving and editing one), for the two
// fields as the form holds them: strings, never null.
const fieldsSchema = z.object({
  title: snapshotEditSchema.shape.title.unwrap().unwrap(),
  description: snapshotEditSchema.shape.description.unwrap().unwrap(),
})
export type SnapshotFields = z.infer<typeof fieldsSchema>

type SnapshotFieldsDialogProps = {
  open: boolean
  onClose: () => void
  title: string
  intro: ReactNode
  submitLabel: string
  busy: boolean
  /** What the title becomes when left blank. */
  titlePlaceholder: string
  initial: SnapshotFields
  onSubmit: (fields: SnapshotFields) => void
}

/** The dialog that names a snapshot: its title and description, checked against their limits. */
export function SnapshotFieldsDialog({
  open,
  onClose,
  title,
  intro,
  submitLabel,
  busy,
  titlePlaceholder,
  initial,
  onSubmit,
}: SnapshotFieldsDialogProps) {
  const form = useForm<SnapshotFields>({ values: initial, resolver: zodResolver(fieldsSchema) })
  const submit = form.handleSubmit(onSubmit)
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{intro}</p>
        <TextField
          label="Title"
          placeholder={titlePlaceholder}
          error={form.formState.errors.title?.message}
          {...form.register('title')}
        />
        <TextareaField
          label="Description"
          rows={8}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
      </form>
    </Dialog>
  )
}
