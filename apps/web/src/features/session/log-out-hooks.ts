type LogOutHook = () => void

const hooks = new Set<LogOutHook>()

/**
 * Runs `hook` whenever the session ends (the Log out button, or an expired session the player
 * did not renew), so state tied to the account (the open deck) is cleared with it.
 * Returns the unregister function.
 */
export function onLogOut(hook: LogOutHook): () => void {
  hooks.add(hook)
  return () => hooks.delete(hook)
}

export function runLogOutHooks() {
  for (const hook of hooks) {
    try {
      hook()
    } catch (error) {
      // One failing hook must not keep the others from clearing their state.
      console.error(error)
    }
  }
}
