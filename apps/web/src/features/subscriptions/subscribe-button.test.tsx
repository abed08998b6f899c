import { QueryClient } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { setCachedMarker } from '../../api/subscriptions.ts'
import { SubscribeButton } from './subscribe-button.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('SubscribeButton', () => {
  it.each([
    ['card', null, 'POST', "You have subscribed to this card's comments!"],
    ['card', 7, 'DELETE', 'You have unsubscribed from this card!'],
    ['deck', null, 'POST', "You have subscribed to this deck's updates and comments!"],
    ['deck', 7, 'DELETE', 'You have unsubscribed from this deck!'],
  ] as const)('%s with marker %s: %s and says %j', async (subject, marker, method, toast) => {
    const api = fakeApi({
      'POST /subscription/41': [{ status: 201, body: { last_seen_entity_id: 9 } }],
      'DELETE /subscription/41': [{ status: 204 }],
    })
    renderWithApp(<SubscribeButton subject={subject} entityId={41} lastSeenEntityId={marker} />)
    await userEvent.click(
      screen.getByRole('button', { name: marker ? 'Unsubscribe' : 'Subscribe' }),
    )
    expect(await screen.findByText(toast)).toBeInTheDocument()
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `${method} /subscription/41`,
    ])
  })

  it('shows a failure through the shared error toast', async () => {
    fakeApi({ 'POST /subscription/41': [{ status: 400, body: { detail: 'Legacy, sorry.' } }] })
    renderWithApp(<SubscribeButton subject="card" entityId={41} lastSeenEntityId={null} />)
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Legacy, sorry.')).toBeInTheDocument()
  })
})

describe('setCachedMarker', () => {
  it('updates the card and deck details of that thread only', () => {
    const client = new QueryClient()
    client.setQueryData(['card', 41], { card: {}, entity_id: 41, last_seen_entity_id: null })
    client.setQueryData(['card', 42], { card: {}, entity_id: 42, last_seen_entity_id: null })
    client.setQueryData(['deck', 5], { deck: { comments_entity_id: 41 }, last_seen_entity_id: 3 })
    client.setQueryData(['comments', 41], { count: 0, results: [] })
    setCachedMarker(client, 41, 50)
    expect(client.getQueryData(['card', 41])).toMatchObject({ last_seen_entity_id: 50 })
    expect(client.getQueryData(['card', 42])).toMatchObject({ last_seen_entity_id: null })
    expect(client.getQueryData(['deck', 5])).toMatchObject({ last_seen_entity_id: 50 })
    expect(client.getQueryData(['comments', 41])).toEqual({ count: 0, results: [] })
  })
})
