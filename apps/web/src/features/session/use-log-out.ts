import { revokeToken } from '../../api/session.ts'
import { useAppStore } from '../../store/app-store.ts'
import { endSession } from './end-session.ts'

/**
 * Log out: forget the session and revoke the token on the server. A login-only page then sends
 * the player home (the root layout, through useSessionEndedHere).
 */
export function useLogOut() {
  return async () => {
    const token = useAppStore.getState().session?.token
    endSession()
    // Toasts are not part of the first load; the header's Log out is.
    void import('../../lib/toast.ts').then(({ notify }) => notify.info('You have logged out!'))
    if (!token) return
    try {
      await revokeToken(token)
    } catch {
      // Failures are ignored (SPEC §7): the token is already forgotten here and expires anyway.
    }
  }
}
