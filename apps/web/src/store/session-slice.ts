import type { StateCreator } from 'zustand'

export type Session = {
  token: string
  username: string
  badge: string
  isAdmin: boolean
}

export type SessionSlice = {
  session: Session | null
  logIn: (session: Session) => void
  /** Changes the stored name after an account update; does nothing when logged out. */
  renameSession: (username: string) => void
  logOut: () => void
}

/** Seconds-since-epoch expiry of a JWT, read from its payload (API.md §3.1). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown
    }
    return typeof json.exp === 'number' ? json.exp : null
  } catch {
    return null
  }
}

export function isTokenLive(token: string, nowMs: number = Date.now()): boolean {
  const exp = tokenExpiry(token)
  return exp !== null && exp * 1000 > nowMs
}

export const createSessionSlice: StateCreator<SessionSlice, [], [], SessionSlice> = (set) => ({
  session: null,
  logIn: (session) => set({ session }),
  renameSession: (username) =>
    set((state) => (state.session ? { session: { ...state.session, username } } : state)),
  logOut: () => set({ session: null }),
})
