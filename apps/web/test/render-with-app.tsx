import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { toast } from 'sonner'
import { vi } from 'vitest'
import { RouteMetaProvider } from '../src/app/route-table.tsx'
import { Toaster } from '../src/components/ui/toaster.tsx'

// jsdom has no matchMedia; the toaster asks it for the system colour scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

/** Renders UI the way the app does: router, data layer and toaster, at the given address. */
export function renderWithApp(ui: ReactNode, { at = '/' }: { at?: string } = {}) {
  // The toast library keeps its toasts between tests; start each one without any.
  toast.dismiss()
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <RouteMetaProvider>
          {ui}
          <CurrentPath />
        </RouteMetaProvider>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

/** Exposes the current path to tests as a data attribute. */
function CurrentPath() {
  const location = useLocation()
  return <output data-testid="current-path">{location.pathname}</output>
}

export type FakeCall = { method: string; path: string; headers: Headers; body: unknown }
type Reply = { status: number; body?: unknown }

/**
 * Replaces fetch with scripted answers, taken in order per "METHOD /path" key, and records every
 * call (form bodies as plain objects, JSON bodies parsed).
 */
export function fakeApi(script: Record<string, Reply[]>) {
  const calls: FakeCall[] = []
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init.method ?? 'GET'
    const path = url.pathname.replace(/^\/v2/, '')
    let body: unknown = init.body
    if (init.body instanceof FormData) body = Object.fromEntries(init.body.entries())
    else if (typeof init.body === 'string') body = JSON.parse(init.body)
    calls.push({ method, path, headers: new Headers(init.headers), body })
    const reply = script[`${method} ${path}`]?.shift()
    if (!reply) return Promise.reject(new Error(`No scripted answer for ${method} ${path}`))
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls }
}

/** A token the store accepts as live: a JWT-shaped string whose payload expires in an hour. */
export function liveToken(name = 'token'): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, sub: name }))
  return `header.${payload.replace(/=+$/, '')}.${name}`
}

export const AUTH_TOKEN = {
  access_token: 'fresh-token',
  token_type: 'bearer',
  user: {
    username: 'Ada',
    badge: '1abc',
    description: null,
    email: 'ada@example.com',
    reset_uuid: null,
    newsletter_opt_in: false,
    email_subscriptions: false,
    exclude_subscriptions: false,
    colorize_icons: true,
    is_admin: false,
  },
}
