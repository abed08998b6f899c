import { Alert } from '../../components/ui/alert.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { LogInForm } from './log-in-form.tsx'
import type { LoginPromptReason } from './login-prompt.ts'

const MESSAGES: Record<LoginPromptReason, string | null> = {
  expired: 'Your session has expired. Please login to continue.',
  required: null,
}

/** The log-in form in a modal; `onDone(true)` after a log-in, `onDone(false)` when closed. */
export function LoginModal({
  reason,
  onDone,
}: {
  reason: LoginPromptReason
  onDone: (loggedIn: boolean) => void
}) {
  return (
    <Dialog open onClose={() => onDone(false)} title="Log in" size="sm">
      {MESSAGES[reason] ? <Alert tone="warning">{MESSAGES[reason]}</Alert> : null}
      <LogInForm onSuccess={() => onDone(true)} autoFocus />
    </Dialog>
  )
}
