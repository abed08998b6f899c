import { subscriptionMarkerSchema } from '@spellboard/core/comments'
import { pageSchema } from '@spellboard/core/pagination'
import { userBasicSchema } from '@spellboard/core/users'
import { describe, expect, it } from 'vitest'
import { wireBody } from './wire.ts'

describe('wireBody', () => {
  it('passes a body that matches its schema and returns it', () => {
    expect(wireBody(subscriptionMarkerSchema, { last_seen_entity_id: 4 })).toEqual({
      last_seen_entity_id: 4,
    })
  })

  it('fails on a missing field or a field of the wrong type', () => {
    expect(() => wireBody(subscriptionMarkerSchema, {})).toThrow(/last_seen_entity_id/)
    expect(() => wireBody(subscriptionMarkerSchema, { last_seen_entity_id: '4' })).toThrow(
      /does not match/,
    )
  })

  it('fails on a field the schema does not name, however deep', () => {
    const page = { count: 1, next: null, previous: null, results: [{ username: 'A', badge: 'b' }] }
    expect(wireBody(pageSchema(userBasicSchema), page)).toEqual(page)
    const renamed = { ...page, results: [{ username: 'A', badge: 'b', is_admin: true }] }
    expect(() => wireBody(pageSchema(userBasicSchema), renamed)).toThrow('$.results[0].is_admin')
  })
})
