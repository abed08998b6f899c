import { zodResolver } from '@hookform/resolvers/zod'
import { emailBodySchema } from '@spellboard/core/users'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { useRequestInvitation, useRequestReset } from '../../api/players.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { friendlyFieldMessage } from '../../lib/form-messages.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import styles from './expired-link.module.css'

const TEXT = {
  reset: {
    title: 'This reset link has expired',
    why: 'Reset links work once, and only for a short while after they are sent.',
    sent: 'A new link to reset your password is on its way. Please check your email.',
  },
  invitation: {
    title: 'This invitation link has expired',
    why: 'Invitation links work once, and only for a few days after they are sent.',
    sent: 'A new invitation is on its way. Please check your email.',
  },
} as const

/**
 * Shown on the reset and finalize pages when their mailed link no longer works (expired, used or
 * unknown: the API answers all three alike): says so, and sends a new link to the e-mail given.
 */
export function ExpiredLink({ kind }: { kind: 'reset' | 'invitation' }) {
  const navigate = useNavigate()
  const reset = useRequestReset()
  const invite = useRequestInvitation()
  const request = kind === 'reset' ? reset : invite
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(emailBodySchema, { error: friendlyFieldMessage }),
    defaultValues: { email: '' },
  })
  const email = watch('email')
  const text = TEXT[kind]

  const onSubmit = handleSubmit((body) =>
    request.mutate(body, {
      onError: (error) => {
        if (kind === 'reset' && error instanceof ApiError && error.status === 404) {
          notify.warning('This email has not been registered yet! Please sign up to continue.')
          navigate('/players/new/')
        } else {
          notifyApiError(error)
        }
      },
    }),
  )

  return (
    <section className={styles.expired} aria-label={text.title}>
      <Alert tone="warning" title={text.title}>
        <p>{text.why} Enter your email and we will send you a new one.</p>
      </Alert>
      {request.isSuccess ? (
        <Alert tone="success" title="Check your email">
          <p>{text.sent}</p>
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="primary" disabled={!email.trim()} busy={request.isPending}>
          Send a new link
        </Button>
      </form>
    </section>
  )
}

/** A check of the link that answered 404: the link no longer works. */
export function isGoneLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}
