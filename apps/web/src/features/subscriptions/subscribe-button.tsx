import { useToggleSubscription } from '../../api/subscriptions.ts'
import { Icon } from '../../components/icons/icon.tsx'
import { Button, type ButtonVariant } from '../../components/ui/button.tsx'
import { notify, notifyApiError } from '../../lib/toast.ts'

const TOASTS = {
  card: {
    subscribed: "You have subscribed to this card's comments!",
    unsubscribed: 'You have unsubscribed from this card!',
  },
  deck: {
    subscribed: "You have subscribed to this deck's updates and comments!",
    unsubscribed: 'You have unsubscribed from this deck!',
  },
} as const

type SubscribeButtonProps = {
  /** What the thread belongs to: the toasts name it. */
  subject: keyof typeof TOASTS
  /** The thread: a card's `entity_id` or a deck's `comments_entity_id`. */
  entityId: number
  /** The player's marker in that thread; any marker means subscribed. */
  lastSeenEntityId: number | null | undefined
  variant?: ButtonVariant
  className?: string
}

/** Subscribing to a thread, or leaving it, with its toasts: for a button or a menu item. */
export function useSubscription(
  subject: SubscribeButtonProps['subject'],
  entityId: number,
  lastSeenEntityId: number | null | undefined,
) {
  const subscribed = Boolean(lastSeenEntityId)
  const toggle = useToggleSubscription(entityId)
  return {
    subscribed,
    label: subscribed ? 'Unsubscribe' : 'Subscribe',
    busy: toggle.isPending,
    run: () =>
      toggle.mutate(subscribed, {
        onSuccess: () =>
          notify.success(subscribed ? TOASTS[subject].unsubscribed : TOASTS[subject].subscribed),
        onError: notifyApiError,
      }),
  }
}

/** Follows or stops following a card's comments or a deck's updates and comments. */
export function SubscribeButton({
  subject,
  entityId,
  lastSeenEntityId,
  variant = 'secondary',
  className,
}: SubscribeButtonProps) {
  const subscription = useSubscription(subject, entityId, lastSeenEntityId)
  return (
    <Button
      variant={variant}
      className={className}
      busy={subscription.busy}
      onClick={subscription.run}
    >
      <Icon name={subscription.subscribed ? 'bookmark-filled' : 'bookmark'} />
      {subscription.label}
    </Button>
  )
}
