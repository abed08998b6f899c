import { zodResolver } from '@hookform/resolvers/zod'
import { emailBodySchema } from '@spellboard/core/users'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { useRequestReset } from '../../api/players.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { SessionPage } from '../../features/session/session-page.tsx'
import { friendlyFieldMessage } from '../../lib/form-messages.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'

export function RequestResetPage() {
  const loggedIn = useAppStore((state) => state.session !== null)
  const navigate = useNavigate()
  const reset = useRequestReset()
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(emailBodySchema, { error: friendlyFieldMessage }),
    defaultValues: { email: '' },
  })
  const email = watch('email')

  if (loggedIn) return <Navigate to="/players/me/" replace />

  const onSubmit = handleSubmit((body) =>
    reset.mutate(body, {
      onSuccess: () =>
        notify.success('Your password request has been sent! Please check your email.'),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          notify.warning('This email has not been registered yet! Please sign up to continue.')
          navigate('/players/new/')
        } else {
          notifyApiError(error)
        }
      },
    }),
  )

  return (
    <SessionPage
      title="Reset your password"
      aside={
        <p>
          Remembered it after all? <Link to="/log-in/">Log in</Link>.
        </p>
      }
    >
      {reset.isSuccess ? (
        <Alert tone="success" title="Check your email">
          <p>
            We sent a link to choose a new password to {reset.variables.email}. It works once; if it
            does not arrive, check your spam folder or request another.
          </p>
        </Alert>
      ) : (
        <p>
          Enter the email you signed up with and we will send you a link to reset your password.
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="primary" disabled={!email.trim()} busy={reset.isPending}>
          Request password reset
        </Button>
      </form>
    </SessionPage>
  )
}
