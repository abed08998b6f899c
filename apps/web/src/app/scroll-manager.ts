import { TIMINGS } from '@spellboard/core/limits'
import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { keepsScroll } from '../lib/keep-scroll.ts'

const STORAGE_KEY = 'spellboard-scroll'

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * Navigation scrolls to the top, or smoothly to a `#hash` target, or (Back/Forward) restores
 * the position the page had (SPEC "Route rules"); an address change marked `KEEP_SCROLL`
 * updates the page in place and stays where it is.
 */
export function useScrollManager() {
  const location = useLocation()
  const navigationType = useNavigationType()

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        const positions = savedPositions()
        positions[location.key] = window.scrollY
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions))
      }, TIMINGS.scrollDebounceMs)
    }
    window.addEventListener('scroll', save, { passive: true })
    return () => {
      clearTimeout(timer)
      window.removeEventListener('scroll', save)
    }
  }, [location.key])

  useLayoutEffect(() => {
    // The first entry of a visit ('default') has no saved position: skip reading storage,
    // whose first access can block the main thread while the page is still starting.
    if (navigationType === 'POP' && location.key !== 'default') {
      const saved = savedPositions()[location.key]
      if (saved !== undefined) {
        // Content may still be loading; try again on the next frames until the page is tall enough.
        let tries = 0
        const restore = () => {
          window.scrollTo(0, saved)
          if (Math.abs(window.scrollY - saved) > 2 && tries++ < 30) requestAnimationFrame(restore)
        }
        restore()
        return
      }
    }
    if (keepsScroll(location.state)) return
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) {
        const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
        target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth' })
        return
      }
    }
    window.scrollTo(0, 0)
  }, [location.key, location.hash, location.state, navigationType])
}
