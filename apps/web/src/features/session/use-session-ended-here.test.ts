import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionEndedHere } from './use-session-ended-here.ts'

function track(pathname: string, loggedIn: boolean) {
  return renderHook((props) => useSessionEndedHere(props.pathname, props.loggedIn), {
    initialProps: { pathname, loggedIn },
  })
}

describe('useSessionEndedHere', () => {
  it('is true once the session ends on the page where the player was logged in', () => {
    const hook = track('/decks/mine/', true)
    expect(hook.result.current).toBe(false)
    hook.rerender({ pathname: '/decks/mine/', loggedIn: false })
    expect(hook.result.current).toBe(true)
  })

  it('forgets it on the next page, so a later login-only page asks to log in', () => {
    const hook = track('/decks/mine/', true)
    hook.rerender({ pathname: '/decks/mine/', loggedIn: false })
    hook.rerender({ pathname: '/', loggedIn: false })
    expect(hook.result.current).toBe(false)
    hook.rerender({ pathname: '/decks/mine/', loggedIn: false })
    expect(hook.result.current).toBe(false)
  })

  it('follows the player while logged in, and is false for a visitor who never was', () => {
    const hook = track('/cards/', true)
    hook.rerender({ pathname: '/players/me/', loggedIn: true })
    hook.rerender({ pathname: '/players/me/', loggedIn: false })
    expect(hook.result.current).toBe(true)
    expect(track('/decks/mine/', false).result.current).toBe(false)
  })
})
