import { lazy, Suspense, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { settleLogIn, useLoginPrompt } from './login-prompt.ts'

const LoginModal = lazy(() => import('./login-modal.tsx').then((m) => ({ default: m.LoginModal })))

/** Shows the log-in modal while a call waits for the player to log in again. */
export function LoginModalHost() {
  const reason = useLoginPrompt()
  const { key } = useLocation()

  // The modal closes on any route change; the waiting call then fails as if it were cancelled.
  // Not on mount: the landing page's own call may have opened it before this host was here.
  const openedOn = useRef(key)
  useEffect(() => {
    if (key === openedOn.current) return
    openedOn.current = key
    settleLogIn(false)
  }, [key])

  if (!reason) return null
  return (
    <Suspense fallback={null}>
      <LoginModal reason={reason} onDone={settleLogIn} />
    </Suspense>
  )
}
