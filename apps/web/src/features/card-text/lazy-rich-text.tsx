import { type ComponentProps, lazy } from 'react'
import { AfterPaint } from '../../lib/after-paint.tsx'
import type { RichText as EagerRichText } from './card-text.tsx'

const RichText = lazy(() => import('./card-text.tsx').then((m) => ({ default: m.RichText })))

/**
 * RichText for text below the fold (deck descriptions): the markdown renderer is the largest
 * module of the site, so pages whose first view does not need it fetch it once they have painted.
 */
export function LazyRichText(props: ComponentProps<typeof EagerRichText>) {
  return (
    <AfterPaint>
      <RichText {...props} />
    </AfterPaint>
  )
}
