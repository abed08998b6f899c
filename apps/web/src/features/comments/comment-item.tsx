import type { Comment } from '@spellboard/core/comments'
import { useState } from 'react'
import { Link } from 'react-router'
import { useDeleteComment, useEditComment } from '../../api/comments.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmButton } from '../../components/ui/confirm-button.tsx'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { notify, notifyApiError } from '../../lib/toast.ts'
import { RichText } from '../card-text/card-text.tsx'
import { playerPath } from '../deck-list/deck-list.tsx'
import styles from './comments.module.css'
import { LazyCommentEditor } from './lazy-comment-editor.tsx'

type CommentItemProps = {
  comment: Comment
  /** The thread the comment belongs to. */
  threadId: number
  /** Posted since the player last looked at the thread. */
  isNew: boolean
  /** The viewer wrote it: they may edit and delete it. */
  mine: boolean
  legacy: boolean
}

/** One numbered comment: who and when, then the text (or why it is gone). */
export function CommentItem({ comment, threadId, isNew, mine, legacy }: CommentItemProps) {
  const [editing, setEditing] = useState(false)
  const edit = useEditComment(threadId)
  const number = comment.ordering_increment
  const anchor = `comment-${comment.entity_id}`

  if (comment.is_deleted) {
    return (
      <li id={anchor} value={number} className={`${styles.comment} ${styles.deleted}`}>
        <header className={styles.commentHeader}>
          <span className={styles.number}>#{number}</span>
          <span className={styles.deletedLabel}>
            {comment.is_moderated ? 'Deleted by moderator.' : 'Deleted by author.'}
          </span>
        </header>
        {/* Only admins receive the text of a deleted comment. */}
        {comment.text ? (
          <RichText text={comment.text} legacy={legacy} className={styles.body} />
        ) : null}
      </li>
    )
  }

  const onSave = (text: string) =>
    edit
      .mutateAsync({ id: comment.entity_id, edit: { text } })
      .then(() => {
        notify.success('Your comment has been edited!')
        setEditing(false)
        return true
      })
      .catch((error: unknown) => {
        notifyApiError(error)
        return false
      })

  // A moderated comment can no longer be changed by its author.
  const canChange = mine && !comment.is_moderated
  return (
    <li
      id={anchor}
      value={number}
      className={isNew ? `${styles.comment} ${styles.new}` : styles.comment}
    >
      <header className={styles.commentHeader}>
        <span className={styles.number}>#{number}</span>
        {isNew ? <span className={styles.newBadge}>New</span> : null}
        <Link to={playerPath(comment.user.badge)} className={styles.author}>
          {comment.user.username}
          <span className={styles.badge}>#{comment.user.badge}</span>
        </Link>
        <a href={`#${anchor}`} className={styles.time}>
          <RelativeTime date={comment.created} />
        </a>
        {comment.modified !== comment.created ? (
          <span className={styles.edited}>(edited)</span>
        ) : null}
        {canChange && !editing ? (
          <span className={styles.commentActions}>
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <DeleteCommentButton id={comment.entity_id} threadId={threadId} />
          </span>
        ) : null}
      </header>
      {editing ? (
        <LazyCommentEditor
          label="Edit comment"
          submitLabel="Save"
          initialText={comment.text ?? ''}
          busy={edit.isPending}
          legacy={legacy}
          onSubmit={onSave}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <RichText text={comment.text} legacy={legacy} className={styles.body} />
      )}
    </li>
  )
}

/** Delete, asking once ('Confirm?' for 3 seconds). */
function DeleteCommentButton({ id, threadId }: { id: number; threadId: number }) {
  const remove = useDeleteComment(threadId)
  const onConfirm = () =>
    remove.mutate(id, {
      onSuccess: () => notify.success('Your comment has been deleted!'),
      onError: notifyApiError,
    })
  return (
    <ConfirmButton variant="ghost" size="sm" busy={remove.isPending} onConfirm={onConfirm}>
      Delete
    </ConfirmButton>
  )
}
