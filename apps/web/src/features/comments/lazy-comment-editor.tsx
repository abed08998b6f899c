import { lazy, Suspense } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import type { CommentEditorProps } from './comment-editor.tsx'

// The editor brings the form library and the comment rules; visitors who cannot comment, and a
// thread read without writing, never load them.
const CommentEditor = lazy(() =>
  import('./comment-editor.tsx').then((m) => ({ default: m.CommentEditor })),
)

/** The comment editor, loaded the first time a player may write. */
export function LazyCommentEditor(props: CommentEditorProps) {
  return (
    <Suspense fallback={<SkeletonRows rows={1} rowHeight={180} label="Loading the editor..." />}>
      <CommentEditor {...props} />
    </Suspense>
  )
}
