import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useNavigate, useParams } from 'react-router'
import { mailedLinkQuery, useFinalizeRegistration } from '../../api/players.ts'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { ExpiredLink, isGoneLink } from '../../features/session/expired-link.tsx'
import { SessionPage } from '../../features/session/session-page.tsx'
import { startSession } from '../../features/session/start-session.ts'
import { friendlyFieldMessage } from '../../lib/form-messages.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import {
  canSubmitFinalize,
  type FinalizeFormValues,
  finalizeFormSchema,
  PASSWORD_MISMATCH,
  passwordsDiffer,
} from './finalize-form.ts'

export function FinalizeAccountPage() {
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const finalize = useFinalizeRegistration(token)
  const link = useQuery(mailedLinkQuery('invitation', token))
  const { register, handleSubmit, watch, formState } = useForm<FinalizeFormValues>({
    resolver: zodResolver(finalizeFormSchema, { error: friendlyFieldMessage }),
    defaultValues: {
      username: '',
      password: '',
      password_confirm: '',
      description: '',
      newsletter_opt_in: false,
    },
  })
  const values = watch()
  const mismatch = passwordsDiffer(values.password, values.password_confirm)
  const { errors } = formState

  const onSubmit = handleSubmit(({ description, ...rest }) =>
    finalize.mutate(
      { ...rest, ...(description.trim() ? { description } : {}) },
      {
        onSuccess: (auth) => {
          startSession(auth)
          notify.success(`Welcome to the site, ${auth.user.username}!`)
          navigate('/decks/mine/')
        },
        onError: (error) => {
          if (isGoneLink(error)) {
            notify.error('This invitation token has already been used or is otherwise invalid.')
          } else {
            notifyApiError(error)
          }
        },
      },
    ),
  )

  return (
    <SessionPage
      title="Finish creating your account"
      aside={
        <>
          <p>Welcome to Spellboard!</p>
          <p>
            Your <strong>username</strong> can be anything you like, but please keep it
            kid-friendly: players of every age use the site. Around Spellboard you are shown by your
            username followed by a badge that is picked for you, for example{' '}
            <strong>
              IsaacBot<span>#3000</span>
            </strong>
            , so several players may share a name.
          </p>
        </>
      }
    >
      {isGoneLink(link.error) || isGoneLink(finalize.error) ? (
        <ExpiredLink kind="invitation" />
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Username"
          autoComplete="username"
          hint="Please keep it kid-friendly."
          autoFocus
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="8 to 50 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={mismatch ? PASSWORD_MISMATCH : errors.password_confirm?.message}
          {...register('password_confirm')}
        />
        <TextareaField
          label="Description"
          placeholder="Player profile..."
          hint="Optional. Shown on your public profile."
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
        <Checkbox
          label="Notify me of new site features"
          hint="Emails are rare, and only about major new features or improvements."
          {...register('newsletter_opt_in')}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={!canSubmitFinalize(values)}
          busy={finalize.isPending}
        >
          Create account
        </Button>
      </form>
    </SessionPage>
  )
}
