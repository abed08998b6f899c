import { zodResolver } from '@hookform/resolvers/zod'
import { emailBodySchema } from '@spellboard/core/users'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { useRequestInvitation } from '../../api/players.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { SessionPage } from '../../features/session/session-page.tsx'
import { notify, notifyApiError } from '../../lib/toast.ts'

export function SignUpPage() {
  const navigate = useNavigate()
  const invite = useRequestInvitation()
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(emailBodySchema),
    defaultValues: { email: '' },
  })
  const email = watch('email')

  const onSubmit = handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: () => {
        notify.success(
          'Your account invitation has been sent! Please follow the instructions in your email to finalize your account.',
        )
        navigate('/')
      },
      onError: notifyApiError,
    }),
  )

  return (
    <SessionPage
      title="Sign up"
      aside={
        <>
          <p>
            Enter your email address and we will send you a link to finish creating your account.
          </p>
          <p>
            Already have an account? <Link to="/log-in/">Log in</Link>.
          </p>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="primary" disabled={!email.trim()} busy={invite.isPending}>
          Create account
        </Button>
      </form>
    </SessionPage>
  )
}
