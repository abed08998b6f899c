import { useAppStore } from '../../store/app-store.ts'
import { runLogOutHooks } from './log-out-hooks.ts'

/**
 * Forgets the player: token, name, badge and admin flag, plus whatever registered a log-out
 * hook (the deck builder). Cached answers were fetched as that player, so they are refetched.
 */
export function endSession() {
  useAppStore.getState().logOut()
  runLogOutHooks()
  void import('../../api/query-client.ts').then(({ queryClient }) => queryClient.resetQueries())
}
