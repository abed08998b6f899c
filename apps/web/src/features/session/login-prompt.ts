import { useSyncExternalStore } from 'react'

/** Why the log-in modal is open: an expired session, or an action that needs an account. */
export type LoginPromptReason = 'expired' | 'required'

type Prompt = { reason: LoginPromptReason; settle: (loggedIn: boolean) => void }

let prompt: Prompt | null = null
let pending: Promise<boolean> | null = null
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

/**
 * Opens the log-in modal and resolves true once the player logged in again, false when they
 * closed it. Calls failing together share one modal and one answer.
 */
export function requestLogIn(reason: LoginPromptReason): Promise<boolean> {
  if (pending) return pending
  pending = new Promise<boolean>((resolve) => {
    prompt = {
      reason,
      settle: (loggedIn) => {
        // Success or cancel runs once; both callbacks are cleared together (SPEC §4).
        prompt = null
        pending = null
        emit()
        resolve(loggedIn)
      },
    }
  })
  emit()
  return pending
}

/** Closes the modal with the given outcome; does nothing when it is not open. */
export function settleLogIn(loggedIn: boolean) {
  prompt?.settle(loggedIn)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The reason the modal is open, or null when it is closed. */
export function useLoginPrompt(): LoginPromptReason | null {
  return useSyncExternalStore(
    subscribe,
    () => prompt?.reason ?? null,
    () => null,
  )
}
