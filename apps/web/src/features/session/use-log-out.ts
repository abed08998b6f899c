import { useNavigate } from 'react-router'
import { revokeToken } from '../../api/session.ts'
import { notify } from '../../lib/toast.ts'
import { useAppRoute } from '../../router.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { endSession } from './end-session.ts'

/** Log out: leave login-only pages, forget the session, and revoke the token on the server. */
export function useLogOut() {
  const navigate = useNavigate()
  const { meta } = useAppRoute()
  return async () => {
    const token = useAppStore.getState().session?.token
    // Leave first: a login-only page without a session would otherwise redirect to log-in.
    if (meta.requiresLogin) navigate('/')
    endSession()
    notify.info('You have logged out!')
    if (!token) return
    try {
      await revokeToken(token)
    } catch {
      // Failures are ignored (SPEC §7): the token is already forgotten here and expires anyway.
    }
  }
}
