import { type ComponentProps, lazy, Suspense } from 'react'
import type { RichText as EagerRichText } from './card-text.tsx'

const RichText = lazy(() => import('./card-text.tsx').then((m) => ({ default: m.RichText })))

/**
 * RichText for text below the fold (deck descriptions): the markdown renderer is the largest
 * module of the site, so pages whose first view does not need it fetch it after rendering.
 */
export function LazyRichText(props: ComponentProps<typeof EagerRichText>) {
  return (
    <Suspense fallback={null}>
      <RichText {...props} />
    </Suspense>
  )
}
