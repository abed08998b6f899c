import { beforeEach, describe, expect, it, vi } from 'vitest'

/** A JWT whose payload carries only `exp` (seconds); the signature is never checked here. */
function tokenExpiringAt(expSeconds: number): string {
  const payload = btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '')
  return `header.${payload}.signature`
}

const session = (token: string) => ({ token, username: 'Ada', badge: '1abc', isAdmin: false })

async function freshStore() {
  vi.resetModules()
  return (await import('./app-store.ts')).useAppStore
}

describe('the persisted app store', () => {
  beforeEach(() => localStorage.clear())

  it('starts logged out with default preferences on a first visit', async () => {
    const store = await freshStore()
    expect(store.getState().session).toBeNull()
    expect(store.getState().preferences.exportShowCardCounts).toBe(true)
  })

  it('keeps the session and preferences across a reload', async () => {
    const first = await freshStore()
    const token = tokenExpiringAt(Date.now() / 1000 + 3600)
    first.getState().logIn(session(token))
    first.getState().setPreference('theme', 'dark')
    const second = await freshStore()
    expect(second.getState().session?.token).toBe(token)
    expect(second.getState().preferences.theme).toBe('dark')
  })

  it('discards a stored token whose expiry has passed', async () => {
    const first = await freshStore()
    first.getState().logIn(session(tokenExpiringAt(Date.now() / 1000 - 60)))
    first.getState().setPreference('galleryStyle', 'binder')
    const second = await freshStore()
    expect(second.getState().session).toBeNull()
    expect(second.getState().preferences.galleryStyle).toBe('binder')
  })

  it('ignores unreadable storage', async () => {
    localStorage.setItem('spellboard', '{not json')
    const store = await freshStore()
    expect(store.getState().session).toBeNull()
  })
})
