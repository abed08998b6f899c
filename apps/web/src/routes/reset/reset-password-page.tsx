import { zodResolver } from '@hookform/resolvers/zod'
import { passwordSchema } from '@spellboard/core/users'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { mailedLinkQuery, useResetPassword } from '../../api/players.ts'
import { Button } from '../../components/ui/button.tsx'
import { ExpiredLink, isGoneLink } from '../../features/session/expired-link.tsx'
import { NewPasswordFields } from '../../features/session/new-password-fields.tsx'
import { SessionPage } from '../../features/session/session-page.tsx'
import { startSession } from '../../features/session/start-session.ts'
import { friendlyFieldMessage } from '../../lib/form-messages.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { PASSWORD_MISMATCH, passwordsDiffer } from '../sign-up/finalize-form.ts'

const resetFormSchema = z
  .object({ password: passwordSchema, password_confirm: z.string().min(1) })
  .refine((values) => values.password === values.password_confirm, {
    message: PASSWORD_MISMATCH,
    path: ['password_confirm'],
  })
type ResetFormValues = z.infer<typeof resetFormSchema>

export function ResetPasswordPage() {
  const { token = '' } = useParams()
  const loggedIn = useAppStore((state) => state.session !== null)
  const navigate = useNavigate()
  const reset = useResetPassword(token)
  const link = useQuery({ ...mailedLinkQuery('reset', token), enabled: !loggedIn })
  const { register, handleSubmit, watch, formState } = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema, { error: friendlyFieldMessage }),
    defaultValues: { password: '', password_confirm: '' },
  })
  const [password, confirm] = watch(['password', 'password_confirm'])
  const mismatch = passwordsDiffer(password, confirm)

  // A player who just reset is logged in by the answer, and leaves through onSuccess below.
  if (loggedIn && !reset.isSuccess) return <Navigate to="/players/me/" replace />

  const onSubmit = handleSubmit((body) =>
    reset.mutate(body, {
      onSuccess: (auth) => {
        startSession(auth)
        notify.success('You have successfully changed your password and logged in!')
        navigate('/', { replace: true })
      },
      // A link that expired while the page was open: the page says so (below).
      onError: (error) => (isGoneLink(error) ? undefined : notifyApiError(error)),
    }),
  )

  return (
    <SessionPage
      title="Choose a new password"
      aside={
        <p>
          This link works once. If it has expired,{' '}
          <Link to="/players/reset/">request a new one</Link>.
        </p>
      }
    >
      {isGoneLink(link.error) || isGoneLink(reset.error) ? <ExpiredLink kind="reset" /> : null}
      <form noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          password={register('password')}
          confirm={register('password_confirm')}
          passwordError={formState.errors.password?.message}
          confirmError={mismatch ? PASSWORD_MISMATCH : formState.errors.password_confirm?.message}
          autoFocus
        />
        <Button
          type="submit"
          variant="primary"
          disabled={!password || !confirm || mismatch}
          busy={reset.isPending}
        >
          Change password
        </Button>
      </form>
    </SessionPage>
  )
}
