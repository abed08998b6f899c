import { zodResolver } from '@hookform/resolvers/zod'
import { profilePatchSchema, type UserSelf } from '@spellboard/core/users'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import type { z } from 'zod'
import { useUpdateProfile } from '../../api/players.ts'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Panel } from '../../components/ui/panel.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { friendlyFieldMessage } from '../../lib/form-messages.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './account-settings-page.module.css'
import { ChangePasswordForm } from './change-password-form.tsx'
import { LogOutEverywhere } from './log-out-everywhere.tsx'

/** Every profile key is sent on save, as the API expects of this page. */
const accountFormSchema = profilePatchSchema.required()
type AccountFormValues = z.input<typeof accountFormSchema>

export function AccountSettingsForm({ user }: { user: UserSelf }) {
  const colorizeIcons = useAppStore((state) => state.preferences.colorizeIcons)
  const save = useUpdateProfile()
  const { register, handleSubmit, formState } = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema, { error: friendlyFieldMessage }),
    defaultValues: {
      username: user.username,
      description: user.description ?? '',
      newsletter_opt_in: user.newsletter_opt_in,
      email_subscriptions: user.email_subscriptions,
      exclude_subscriptions: user.exclude_subscriptions,
      // Icon colours are a setting of this browser; the account keeps the last choice made.
      colorize_icons: colorizeIcons,
    },
  })
  const { errors } = formState

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { ...values, description: values.description?.trim() ? values.description : null },
      {
        onSuccess: (saved) => {
          const store = useAppStore.getState()
          store.renameSession(saved.username)
          store.setPreference('colorizeIcons', values.colorize_icons)
          notify.success('Account settings saved!')
        },
        onError: notifyApiError,
      },
    ),
  )

  const busy = save.isPending
  return (
    <div className={styles.layout}>
      <Panel>
        <form className={styles.form} noValidate onSubmit={onSubmit}>
          <TextField
            label="Username"
            autoComplete="nickname"
            disabled={busy}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextareaField
            label="Description"
            placeholder="Player profile..."
            hint="Shown on your public profile."
            rows={6}
            disabled={busy}
            error={errors.description?.message}
            {...register('description')}
          />

          <h2>Notification settings</h2>
          <Checkbox
            label="Notify me of new site features"
            hint="Emails are rare, and only about major new features or improvements."
            disabled={busy}
            {...register('newsletter_opt_in')}
          />
          <Checkbox
            label="Email me subscription notifications"
            hint="Sent whenever a new comment is posted on something you subscribed to."
            disabled={busy}
            {...register('email_subscriptions')}
          />
          <Checkbox
            label="Exclude subscribed comments from the home page"
            hint="Useful if you follow your subscriptions from their own notifications."
            disabled={busy}
            {...register('exclude_subscriptions')}
          />

          <h2>Site settings</h2>
          <Checkbox
            label="Use colored cost icons"
            hint="Coloured icons are easier to tell apart at a glance, but busier. Applies to this browser."
            disabled={busy}
            {...register('colorize_icons')}
          />

          <div className={styles.actions}>
            <Button type="submit" variant="primary" busy={busy}>
              Save settings
            </Button>
          </div>
        </form>
      </Panel>
      <aside className={styles.side}>
        <Link
          to={`/players/${encodeURIComponent(user.badge)}/`}
          className={buttonClass({ variant: 'secondary' })}
        >
          Public profile
        </Link>
        <p>
          Signed in as <span className={styles.email}>{user.email}</span>
        </p>
        <LogOutEverywhere />
      </aside>
      <ChangePasswordForm />
    </div>
  )
}
