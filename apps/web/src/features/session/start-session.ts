import type { AuthToken } from '@spellboard/core/users'
import { useAppStore } from '../../store/app-store.ts'

/** Keeps what a log-in, registration or password reset answered: the token and who it is. */
export function startSession({ access_token, user }: AuthToken) {
  const store = useAppStore.getState()
  store.logIn({
    token: access_token,
    username: user.username,
    badge: user.badge,
    isAdmin: user.is_admin,
  })
  store.setPreference('colorizeIcons', user.colorize_icons)
}
