import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react'

/** False until the browser has painted the component's first render. */
function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // A frame callback runs just before the next paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}

/**
 * Renders lazily loaded `children` only once the browser has painted this spot, and `fallback`
 * until they are here. Parts below the fold that bring their own code (markdown, the comment
 * thread, the toast library) wait for it, so their downloads do not compete with what the
 * visitor sees first.
 */
export function AfterPaint({
  fallback = null,
  children,
}: {
  fallback?: ReactNode
  children: ReactNode
}) {
  const painted = useAfterPaint()
  return <Suspense fallback={fallback}>{painted ? children : fallback}</Suspense>
}
