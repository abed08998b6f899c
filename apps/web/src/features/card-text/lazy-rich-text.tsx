import { type ComponentProps, lazy, Suspense } from 'react'
import { useAfterPaint } from '../../lib/use-after-paint.ts'
import type { RichText as EagerRichText } from './card-text.tsx'

const RichText = lazy(() => import('./card-text.tsx').then((m) => ({ default: m.RichText })))

/**
 * RichText for text below the fold (deck descriptions): the markdown renderer is the largest
 * module of the site, so pages whose first view does not need it fetch it once they have painted.
 */
export function LazyRichText(props: ComponentProps<typeof EagerRichText>) {
  const painted = useAfterPaint()
  return <Suspense fallback={null}>{painted ? <RichText {...props} /> : null}</Suspense>
}
