import { createContext, useContext } from 'react'

/** What a route tells the shell and the features about itself (app/route-table.tsx). */
export type RouteMeta = {
  /** Route name from SPEC (CardDetails, LogIn, ...). */
  name: string
  /** Page title; the shell appends the product name. Screens with data set their own. */
  title?: string
  requiresLogin?: boolean
  /** Home and Not Found use the tall header. */
  tallHeader?: boolean
  /** New decks started here are Red Rains decks. */
  redRains?: boolean
}

const NO_ROUTE: RouteMeta = { name: '' }

/**
 * The current route's metadata, provided by the app shell: features read it here instead of
 * importing the route table, which imports the screens that use them.
 */
export const RouteMetaContext = createContext<RouteMeta>(NO_ROUTE)

export function useRouteMeta(): RouteMeta {
  return useContext(RouteMetaContext)
}

export const PRODUCT_NAME = 'Spellboard'

export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME
}
