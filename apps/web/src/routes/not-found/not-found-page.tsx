import { Link } from 'react-router'
import { EmptyState } from '../../components/ui/empty-state.tsx'

export function NotFoundPage() {
  return (
    <EmptyState as="h1" title="No page found">
      <p>Sorry, there does not appear to be anything at this URL!</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/cards/">browse the cards</Link>.
      </p>
    </EmptyState>
  )
}
