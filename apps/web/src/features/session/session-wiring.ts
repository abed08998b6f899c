import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { configureSession } from '../../api/client.ts'
import { useAppStore } from '../../store/app-store.ts'
import { endSession } from './end-session.ts'

// Every call sends the token from the store; set before any screen can make a call.
configureSession({ getToken: () => useAppStore.getState().session?.token ?? null })

/**
 * How the app answers a 401 (SPEC §4, §8): with a token, the log-in modal asks the player to
 * log in again and the call is retried once; if they close it instead, the session is reset and
 * they go home. Without a token, the call needed an account: off to the log-in page.
 */
export function useSessionWiring() {
  const navigate = useNavigate()
  const location = useLocation()
  const here = `${location.pathname}${location.search}${location.hash}`

  useEffect(() => {
    configureSession({
      onSessionExpired: async () => {
        // The prompt lives with the log-in modal, which loads with the screens, not the shell;
        // toasts load after the first paint too.
        const [{ requestLogIn }, { notify }] = await Promise.all([
          import('./login-prompt.ts'),
          import('../../lib/toast.ts'),
        ])
        const renewed = await requestLogIn('expired')
        if (!renewed) {
          // Home from any page (SPEC §4), not only from login-only ones as after a log-out.
          navigate('/')
          endSession()
          notify.warning('You have been automatically logged out.')
        }
        return renewed
      },
      onLoginRequired: () => {
        if (location.pathname !== '/log-in/') navigate('/log-in/', { state: { from: here } })
      },
    })
  }, [navigate, here, location.pathname])
}
