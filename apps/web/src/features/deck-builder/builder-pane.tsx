import { QueryClientProvider } from '@tanstack/react-query'
import { useLayoutEffect, useRef } from 'react'
import { queryClient } from '../../api/query-client.ts'
import styles from './builder-pane.module.css'
import { BuilderPaneContent } from './builder-pane-content.tsx'
import { useLeavePrompt } from './leave-prompt.ts'

/**
 * The column's height is what the viewport shows of it: below the site header until the page
 * scrolls past the header, the whole height after. A column taller than the viewport would
 * leave its last pixels off screen, and focusing something there (the menu of Actions, the
 * description editor) would scroll the page itself by up to the header's height.
 */
function useFitToViewport() {
  const ref = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const pane = ref.current
    if (!pane) return
    let frame = 0
    const fit = () => {
      frame = 0
      const top = Math.max(0, Math.round(pane.getBoundingClientRect().top))
      pane.style.setProperty('--pane-top', `${top}px`)
    }
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(fit)
    }
    fit()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [])
  return ref
}

/**
 * The deck-builder pane at extra-large widths: a column beside the page. Below that the pane is
 * a drawer (builder-drawer.tsx).
 */
export function BuilderPane() {
  const ref = useFitToViewport()
  useLeavePrompt()
  return (
    // The pane lives beside the routes, outside their provider; it shares the same cache.
    <QueryClientProvider client={queryClient}>
      {/* Card previews open on the page beside the pane, never over it (card-preview-popup). */}
      <aside
        ref={ref}
        id="builder"
        className={styles.pane}
        aria-labelledby="builder-heading"
        data-preview-avoid
      >
        <BuilderPaneContent />
      </aside>
    </QueryClientProvider>
  )
}
