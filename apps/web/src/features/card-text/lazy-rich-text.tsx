import { type ComponentProps, lazy } from 'react'
import { AfterPaint } from '../../lib/after-paint.tsx'
import type { CardText as EagerCardText, RichText as EagerRichText } from './card-text.tsx'

const RichText = lazy(() => import('./card-text.tsx').then((m) => ({ default: m.RichText })))
const CardText = lazy(() => import('./card-text.tsx').then((m) => ({ default: m.CardText })))

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

/** CardText where the markdown renderer need not come with the first view (the builder pane). */
export function LazyCardText(props: ComponentProps<typeof EagerCardText>) {
  return (
    <AfterPaint>
      <CardText {...props} />
    </AfterPaint>
  )
}
