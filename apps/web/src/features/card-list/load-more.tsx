import { TIMINGS } from '@spellboard/core/limits'
import { useEffect, useRef } from 'react'
import { Button } from '../../components/ui/button.tsx'
import styles from './load-more.module.css'

type LoadMoreProps = {
  loading: boolean
  onLoadMore: () => void
}

/**
 * The 'Load more cards...' button, pressed for the reader when it comes within 350 px of the
 * viewport. Checked again after every load, since a short page can leave it in view.
 */
export function LoadMore({ loading, onLoadMore }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null)
  const near = useRef(false)
  const latest = useRef({ loading, onLoadMore })
  latest.current = { loading, onLoadMore }

  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      ([entry]) => {
        near.current = entry?.isIntersecting ?? false
        if (near.current && !latest.current.loading) latest.current.onLoadMore()
      },
      { rootMargin: `0px 0px ${TIMINGS.loadMoreMarginPx}px 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (!loading && near.current) latest.current.onLoadMore()
  }, [loading])

  return (
    <div ref={ref} className={styles.loadMore}>
      <Button onClick={onLoadMore} disabled={loading} aria-busy={loading || undefined}>
        Load more cards...
      </Button>
    </div>
  )
}
