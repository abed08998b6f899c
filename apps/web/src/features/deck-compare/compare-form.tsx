import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import styles from './compare-form.module.css'
import { comparePath } from './deck-reference.ts'
import { resolveDeck } from './resolve-deck.ts'

/** Two deck links or ids, then the compare page for them. */
export function CompareForm({ left = '', right = '' }: { left?: string; right?: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState({ left, right })
  const [errors, setErrors] = useState<{ left?: string; right?: string }>({})
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const [l, r] = await Promise.all([
      resolveDeck(queryClient, values.left),
      resolveDeck(queryClient, values.right),
    ])
    setBusy(false)
    const next = {
      ...('error' in l ? { left: l.error } : {}),
      ...('error' in r ? { right: r.error } : {}),
    }
    setErrors(next)
    if ('id' in l && 'id' in r) navigate(comparePath(l.id, r.id))
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label="Left deck"
        hint="A deck link or id"
        value={values.left}
        error={errors.left}
        onChange={(event) => setValues({ ...values, left: event.target.value })}
      />
      <TextField
        label="Right deck"
        hint="A deck link or id"
        value={values.right}
        error={errors.right}
        onChange={(event) => setValues({ ...values, right: event.target.value })}
      />
      <Button type="submit" variant="primary" busy={busy} className={styles.submit}>
        Compare
      </Button>
    </form>
  )
}
