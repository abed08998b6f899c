import { zodResolver } from '@hookform/resolvers/zod'
import { passwordSchema } from '@spellboard/core/users'
import { useId } from 'react'
import { type UseFormSetError, useForm } from 'react-hook-form'
import { z } from 'zod'
import { ApiError } from '../../api/client.ts'
import { useChangePassword } from '../../api/players.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Panel } from '../../components/ui/panel.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { NewPasswordFields } from '../../features/session/new-password-fields.tsx'
import { friendlyFieldMessage } from '../../lib/form-messages.ts'
import { describeApiError } from '../../lib/toast.ts'
import { PASSWORD_MISMATCH, passwordsDiffer } from '../sign-up/finalize-form.ts'
import styles from './account-settings-page.module.css'

const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1),
    password: passwordSchema,
    password_confirm: z.string().min(1),
  })
  .refine((values) => values.password === values.password_confirm, {
    message: PASSWORD_MISMATCH,
    path: ['password_confirm'],
  })
type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>
type Field = keyof ChangePasswordValues

const FIELDS: readonly string[] = ['current_password', 'password', 'password_confirm']

/**
 * Puts a refusal beside the field it is about: a 422's issues by their `loc` (the whole-body
 * mismatch check beside the confirmation), too many wrong guesses beside the current password;
 * anything else above the button.
 */
function showRefusal(error: unknown, setError: UseFormSetError<ChangePasswordValues>) {
  if (error instanceof ApiError && error.status === 422 && Array.isArray(error.detail)) {
    for (const issue of error.detail) {
      const last = String(issue.loc.at(-1))
      const field: Field = FIELDS.includes(last) ? (last as Field) : 'password_confirm'
      setError(field, { type: 'server', message: issue.msg })
    }
    return
  }
  if (error instanceof ApiError && error.status === 429 && typeof error.detail === 'string') {
    setError('current_password', { type: 'server', message: error.detail })
    return
  }
  setError('root.server', { type: 'server', message: describeApiError(error).join(' ') })
}

/**
 * 'Change password' on the account page: the current password, the new one twice. The other
 * sessions of the account end; this one stays logged in.
 */
export function ChangePasswordForm() {
  const headingId = useId()
  const change = useChangePassword()
  const { register, handleSubmit, watch, reset, setError, formState } =
    useForm<ChangePasswordValues>({
      resolver: zodResolver(changePasswordFormSchema, { error: friendlyFieldMessage }),
      defaultValues: { current_password: '', password: '', password_confirm: '' },
    })
  const { errors } = formState
  const [password, confirm] = watch(['password', 'password_confirm'])
  // Said as soon as both are typed; the button stays enabled, and submitting says what is missing.
  const mismatch = passwordsDiffer(password, confirm)

  const onSubmit = handleSubmit((body) => {
    change.reset()
    change.mutate(body, {
      // Emptied, so the passwords do not linger in the page; the message says it worked.
      onSuccess: () => reset(),
      onError: (error) => showRefusal(error, setError),
    })
  })

  const busy = change.isPending
  return (
    <Panel aria-labelledby={headingId} className={styles.password}>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Change password
        </h2>
        <p className={styles.sectionIntro}>
          Your other devices and browsers are logged out; this one stays logged in.
        </p>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          disabled={busy}
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <NewPasswordFields
          password={register('password')}
          confirm={register('password_confirm')}
          passwordError={errors.password?.message}
          confirmError={mismatch ? PASSWORD_MISMATCH : errors.password_confirm?.message}
          disabled={busy}
        />
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        {change.isSuccess && !formState.isDirty ? (
          <Alert tone="success">Your password has been changed!</Alert>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={busy}>
            Change password
          </Button>
        </div>
      </form>
    </Panel>
  )
}
