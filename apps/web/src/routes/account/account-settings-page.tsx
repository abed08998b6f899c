import type { UserSelf } from '@spellboard/core/users'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { playerMeQuery } from '../../api/players.ts'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { notify } from '../../lib/toast.ts'
import { AccountSettingsForm } from './account-settings-form.tsx'
import styles from './account-settings-page.module.css'

export function AccountSettingsPage() {
  const navigate = useNavigate()
  const me = useQuery(playerMeQuery())

  useEffect(() => {
    if (!me.isError) return
    // A 401 is the session flow's to handle (log in again, or leave); anything else is a fault.
    if (me.error instanceof ApiError && me.error.status === 401) return
    notify.error('Unable to load account settings; please report this!')
    navigate(-1)
  }, [me.isError, me.error, navigate])

  return (
    <div className={styles.page}>
      <h1>
        {me.data ? <PlayerName user={me.data} /> : null}
        {me.data ? ' account settings' : 'Account settings'}
      </h1>
      {me.data ? <AccountSettingsForm user={me.data} /> : <SkeletonRows rows={5} rowHeight={48} />}
    </div>
  )
}

function PlayerName({ user }: { user: UserSelf }) {
  return (
    <>
      {user.username}
      <span className={styles.badge}>#{user.badge}</span>
    </>
  )
}
