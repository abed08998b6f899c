import type { Comment } from '@spellboard/core/comments'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeCall, fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { CommentsSection } from './comments-section.tsx'

const THREAD = 41
const VIEWER = { username: 'Ada', badge: '1abc' }

function comment(entity_id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    entity_id,
    source_entity_id: THREAD,
    source_version: 1,
    text: `Comment **${entity_id}**`,
    ordering_increment: entity_id - 100,
    created: '2021-01-08T17:02:11Z',
    modified: '2021-01-08T17:02:11Z',
    is_moderated: false,
    is_deleted: false,
    user: { username: 'Isaac', badge: '3000' },
    ...overrides,
  }
}

const page = (count: number, results: Comment[]) => ({
  status: 200,
  body: { count, next: null, previous: null, results },
})

/** The address the section navigated to, path and query. */
function Address() {
  const { pathname, search } = useLocation()
  return <output data-testid="address">{`${pathname}${search}`}</output>
}

function renderSection(
  at: string,
  props: { lastSeenEntityId?: number | null; legacy?: boolean } = {},
) {
  return renderWithApp(
    <>
      <CommentsSection entityId={THREAD} {...props} />
      <Address />
    </>,
    { at },
  )
}

const commentsCalls = (calls: FakeCall[]) =>
  calls.filter((call) => call.path === `/comments/${THREAD}` && call.method === 'GET')

/** The query string of the first request made. */
function requestedParams(): URLSearchParams {
  return new URL(String(vi.mocked(fetch).mock.calls[0]?.[0]), 'http://localhost').searchParams
}

function logIn() {
  useAppStore.setState({ session: { token: liveToken(), ...VIEWER, isAdmin: false } })
}

beforeEach(() => useAppStore.setState({ session: null }))
afterEach(() => vi.unstubAllGlobals())

describe('CommentsSection paging', () => {
  it('asks for 30 comments at offset (page - 1) * 30 and numbers them', async () => {
    const api = fakeApi({ [`GET /comments/${THREAD}`]: [page(45, [comment(131), comment(132)])] })
    renderSection('/cards/a/?page=2')
    const list = await screen.findByRole('list', { name: 'Comments' })
    expect(commentsCalls(api.calls)).toHaveLength(1)
    const params = requestedParams()
    expect(params.get('limit')).toBe('30')
    expect(params.get('offset')).toBe('30')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByText('#31')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    // The first page has no ?page in its address.
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/cards/a/')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it.each(['', '?page=abc', '?page=0'])('reads %j as the first page', async (search) => {
    fakeApi({ [`GET /comments/${THREAD}`]: [page(31, [comment(101)])] })
    renderSection(`/cards/a/${search}`)
    await screen.findByRole('list', { name: 'Comments' })
    expect(requestedParams().get('offset')).toBe('0')
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/cards/a/?page=2')
  })

  it('says so when the page number is past the last page', async () => {
    fakeApi({ [`GET /comments/${THREAD}`]: [page(12, [])] })
    renderSection('/cards/a/?page=5')
    expect(await screen.findByText('Page number for comments too high!')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/cards/a/',
    )
    expect(screen.queryByRole('list', { name: 'Comments' })).toBeNull()
  })

  it('shows an empty thread', async () => {
    fakeApi({ [`GET /comments/${THREAD}`]: [page(0, [])] })
    renderSection('/cards/a/')
    expect(await screen.findByText('No comments yet!')).toBeInTheDocument()
    expect(screen.queryByText('Page number for comments too high!')).toBeNull()
  })

  it('shows the red box with community links when the thread cannot load', async () => {
    fakeApi({ [`GET /comments/${THREAD}`]: [{ status: 500 }] })
    renderSection('/cards/a/')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Error loading comments; please notify the maintainer/)
    expect(within(alert).getAllByRole('link')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Log in to comment' })).toBeNull()
  })

  it('labels deleted comments by who removed them', async () => {
    fakeApi({
      [`GET /comments/${THREAD}`]: [
        page(2, [
          comment(101, { is_deleted: true, is_moderated: true, text: null }),
          comment(102, { is_deleted: true, text: null }),
        ]),
      ],
    })
    renderSection('/cards/a/')
    expect(await screen.findByText('Deleted by moderator.')).toBeInTheDocument()
    expect(screen.getByText('Deleted by author.')).toBeInTheDocument()
  })
})

describe('CommentsSection last-seen marker', () => {
  it('moves the marker to the last comment shown and highlights what is newer', async () => {
    logIn()
    const api = fakeApi({
      [`GET /comments/${THREAD}`]: [
        page(4, [
          comment(101),
          comment(102),
          comment(103),
          comment(104, { user: { username: VIEWER.username, badge: VIEWER.badge } }),
        ]),
      ],
      [`PATCH /subscription/${THREAD}`]: [{ status: 200, body: { detail: 'ok' } }],
    })
    renderSection('/cards/a/', { lastSeenEntityId: 101 })
    const list = await screen.findByRole('list', { name: 'Comments' })
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({
          path: `/subscription/${THREAD}`,
          body: { last_seen_entity_id: 104 },
        }),
      ]),
    )
    const items = within(list).getAllByRole('listitem')
    const isNew = items.map((item) => within(item).queryByText('New') !== null)
    // Older than the marker: seen; newer: new, except the viewer's own comment.
    expect(isNew).toEqual([false, true, true, false])
  })

  it.each([
    ['not subscribed', null],
    ['already past the last comment', 102],
  ])('leaves the marker alone when %s', async (_, marker) => {
    logIn()
    const api = fakeApi({ [`GET /comments/${THREAD}`]: [page(2, [comment(101), comment(102)])] })
    renderSection('/cards/a/', { lastSeenEntityId: marker })
    await screen.findByRole('list', { name: 'Comments' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([])
    expect(screen.queryByText('New')).toBeNull()
  })
})

describe('CommentsSection writing', () => {
  it('offers anonymous visitors a log-in button instead of the form', async () => {
    fakeApi({ [`GET /comments/${THREAD}`]: [page(0, [])] })
    renderSection('/cards/a/')
    expect(await screen.findByRole('button', { name: 'Log in to comment' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('keeps Preview and Publish disabled until there is text, then previews it', async () => {
    logIn()
    fakeApi({ [`GET /comments/${THREAD}`]: [page(0, [])] })
    renderSection('/cards/a/')
    const text = await screen.findByRole('textbox', { name: 'Your comment' })
    const preview = screen.getByRole('tab', { name: 'Preview' })
    const publish = screen.getByRole('button', { name: 'Publish' })
    expect(preview).toBeDisabled()
    expect(publish).toBeDisabled()
    fireEvent.change(text, { target: { value: '   ' } })
    expect(preview).toBeDisabled()
    expect(publish).toBeDisabled()
    fireEvent.change(text, { target: { value: 'So **strong**' } })
    expect(preview).toBeEnabled()
    expect(publish).toBeEnabled()
    fireEvent.click(preview)
    expect(screen.getByText('strong').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: 'content policies' })).toHaveAttribute(
      'href',
      '/policies/',
    )
  })

  it('publishes, says so, and goes to the page where the comment landed', async () => {
    logIn()
    const thirty = Array.from({ length: 30 }, (_, index) => comment(101 + index))
    const api = fakeApi({
      [`GET /comments/${THREAD}`]: [
        page(30, thirty),
        page(30, thirty),
        page(31, [comment(131, { user: VIEWER })]),
      ],
      [`POST /comments/${THREAD}`]: [{ status: 201, body: { detail: 'Comment posted.' } }],
    })
    const user = userEvent.setup()
    renderSection('/cards/a/')
    await user.type(await screen.findByRole('textbox', { name: 'Your comment' }), 'Hello there')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Your comment has been posted!')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Hello there' })
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/cards/a/?page=2'))
    expect(await screen.findByText('#31')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('')
  })

  it('finds the landing page when the thread had not loaded yet', async () => {
    logIn()
    // The thread's first answer (30 comments) arrives only after the player has posted: a player
    // who writes at once after logging in from the thread.
    const thirty = Array.from({ length: 30 }, (_, index) => comment(101 + index))
    let release: () => void = () => {}
    const posted = new Promise<void>((resolve) => (release = resolve))
    let threadCalls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
        const reply = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status })
        if (init.method === 'POST') {
          release()
          return Promise.resolve(reply(201, { detail: 'Comment posted.' }))
        }
        threadCalls += 1
        if (threadCalls === 1) return posted.then(() => reply(200, page(30, thirty).body))
        return Promise.resolve(reply(200, page(31, [comment(131, { user: VIEWER })]).body))
      }),
    )
    const user = userEvent.setup()
    renderSection('/cards/a/')
    await user.type(await screen.findByRole('textbox', { name: 'Your comment' }), 'First!')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Your comment has been posted!')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/cards/a/?page=2'))
  })

  it('lets authors edit and delete their own comments only', async () => {
    logIn()
    const mine = comment(102, { user: VIEWER, text: 'First draft' })
    const api = fakeApi({
      [`GET /comments/${THREAD}`]: [
        page(2, [comment(101), mine]),
        page(2, [comment(101), { ...mine, text: 'Second draft' }]),
      ],
      'PATCH /comment/102': [{ status: 200, body: { ...mine, text: 'Second draft' } }],
    })
    const user = userEvent.setup()
    renderSection('/cards/a/')
    const list = await screen.findByRole('list', { name: 'Comments' })
    const [theirs, own] = within(list).getAllByRole('listitem')
    expect(within(theirs as HTMLElement).queryByRole('button', { name: 'Edit' })).toBeNull()
    await user.click(within(own as HTMLElement).getByRole('button', { name: 'Edit' }))
    const box = screen.getByRole('textbox', { name: 'Edit comment' })
    expect(box).toHaveValue('First draft')
    await user.clear(box)
    await user.type(box, 'Second draft')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Second draft')).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/comment/102')?.body).toEqual({
      text: 'Second draft',
    })
  })

  it('deletes only after the second click', async () => {
    logIn()
    const mine = comment(102, { user: VIEWER })
    const api = fakeApi({
      [`GET /comments/${THREAD}`]: [
        page(1, [mine]),
        page(1, [{ ...mine, is_deleted: true, text: null }]),
      ],
      'DELETE /comment/102': [{ status: 204 }],
    })
    const user = userEvent.setup()
    renderSection('/cards/a/')
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Confirm?' }))
    expect(await screen.findByText('Deleted by author.')).toBeInTheDocument()
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1)
  })
})
