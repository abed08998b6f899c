import { useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { Link, useParams } from 'react-router'
import { cardDetailsQuery } from '../../api/cards.ts'
import { ApiError } from '../../api/client.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { cardPath } from '../../features/card-link/card-link.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { useAppStore } from '../../store/app-store.ts'
import { CardDetailsView } from './card-details.tsx'

export function CardDetailsPage() {
  return <CardDetailsScreen legacy={false} />
}

export function CardDetailsLegacyPage() {
  return <CardDetailsScreen legacy />
}

function CardDetailsScreen({ legacy }: { legacy: boolean }) {
  const { stub = '' } = useParams()
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const details = useQuery(cardDetailsQuery(stub, legacy, viewer))
  // The card renders as a deferred update, which React splits into short tasks; the query's own
  // update would render it all in one long task and hold up the page.
  const data = useDeferredValue(details.data)
  useDocumentTitle(data?.card.name)

  if (data) return <CardDetailsView details={data} legacy={legacy} viewer={viewer} />
  if (details.isPending || details.data) return <SkeletonRows rows={8} label="Loading card..." />

  const notFound = details.error instanceof ApiError && details.error.status < 500
  if (!notFound) {
    return (
      <Alert tone="error" title={`Unable to load data for ${stub}!`}>
        <Button size="sm" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  return (
    <EmptyState as="h1" title="No card found">
      <p>
        Sorry, this does not appear to be a valid card!{' '}
        <Link to={cardPath(stub, !legacy)}>
          {legacy ? 'Try the Ashes Reborn version.' : 'Try the Legacy version.'}
        </Link>
      </p>
    </EmptyState>
  )
}
