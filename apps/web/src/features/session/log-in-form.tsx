import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { requestToken } from '../../api/session.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { useRouteMeta } from '../../lib/route-meta.ts'
import { describeApiError, notify, notifyApiError } from '../../lib/toast.ts'
import styles from './log-in-form.module.css'
import { startSession } from './start-session.ts'

const logInFormSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  remember: z.boolean(),
})
type LogInFormValues = z.infer<typeof logInFormSchema>

/** The reset screens are where a forgotten password is already being dealt with. */
const HIDE_FORGOT_LINK_ON = new Set(['RequestReset', 'ResetPassword'])

/** E-mail and password, 'Remember me (1 year)'; used by the log-in page and the log-in modal. */
export function LogInForm({
  onSuccess,
  autoFocus = false,
}: {
  onSuccess?: () => void
  autoFocus?: boolean
}) {
  const meta = useRouteMeta()
  const { register, handleSubmit, watch } = useForm<LogInFormValues>({
    resolver: zodResolver(logInFormSchema),
    defaultValues: { email: '', password: '', remember: false },
  })
  const logIn = useMutation({
    mutationFn: requestToken,
    onSuccess: (token) => {
      startSession(token)
      notify.success('You are now logged in!')
      onSuccess?.()
    },
    onError: notifyApiError,
  })
  const email = watch('email')
  const password = watch('password')
  const incomplete = !email.trim() || !password

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit((values) => logIn.mutate(values))}
    >
      {/* Beside the form as well as in the toast, where a player looking at the form sees it. */}
      {logIn.isError ? <Alert tone="error">{describeApiError(logIn.error).join(' ')}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus={autoFocus}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
      />
      <Checkbox label="Remember me (1 year)" {...register('remember')} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={incomplete} busy={logIn.isPending}>
          Log in
        </Button>
        {HIDE_FORGOT_LINK_ON.has(meta.name) ? null : (
          <Link to="/players/reset/">Forgot your password?</Link>
        )}
      </div>
    </form>
  )
}
