import { useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'

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

let printDialogOpen = false

/**
 * True while the page is being printed: print media, or the browser's print dialog open
 * (between `beforeprint` and `afterprint`). What only paper shows renders then and only then,
 * so the screen's page does not carry it.
 */
export function usePrinting(): boolean {
  const printMedia = useMediaQuery('print')
  const dialog = useSyncExternalStore(
    (onChange) => {
      // The page is laid out for paper right after `beforeprint`: render before returning.
      const before = () => {
        printDialogOpen = true
        flushSync(onChange)
      }
      const after = () => {
        printDialogOpen = false
        onChange()
      }
      window.addEventListener('beforeprint', before)
      window.addEventListener('afterprint', after)
      return () => {
        window.removeEventListener('beforeprint', before)
        window.removeEventListener('afterprint', after)
      }
    },
    () => printDialogOpen,
    () => false,
  )
  return printMedia || dialog
}
