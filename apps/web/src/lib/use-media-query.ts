import { useSyncExternalStore } from 'react'

/** DESIGN.md's breakpoints, as media queries. */
export const MEDIA = {
  /** Phones: below 640 px. */
  phone: '(max-width: 639px)',
  /** Extra-large: from 1280 px the builder pane sits beside the page. */
  wide: '(min-width: 1280px)',
} as const

/** Whether a media query matches now; re-renders when that changes. False without matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}
