import { describe, expect, it } from 'vitest'
import {
  commentPageCount,
  isNewComment,
  lastPageAfterPosting,
  markerToSend,
  pageHref,
} from './comment-pages.ts'

describe('comment pages', () => {
  it.each([
    [0, 1],
    [1, 1],
    [30, 1],
    [31, 2],
    [60, 2],
    [61, 3],
  ])('%i comments fill %i page(s)', (count, pages) => expect(commentPageCount(count)).toBe(pages))

  it.each([
    [1, '/cards/a/', ''],
    [2, '/cards/a/?page=2', ''],
    [1, '/cards/a/?x=1', '?x=1&page=4'],
    [3, '/cards/a/?x=1&page=3', '?x=1&page=4'],
  ])('page %i is at %s', (page, href, search) =>
    expect(pageHref('/cards/a/', new URLSearchParams(search), page)).toBe(href),
  )

  it.each([
    [0, 1],
    [29, 1],
    [30, 2],
    [59, 2],
    [60, 3],
  ])('a comment posted to a thread of %i lands on page %i', (count, page) =>
    expect(lastPageAfterPosting(count)).toBe(page),
  )
})

describe('new comments', () => {
  const comment = (entity_id: number, badge = 'other') => ({ entity_id, user: { badge } })

  it.each([
    ['not subscribed', comment(50), null, false],
    ['after the marker', comment(50), 40, true],
    ['at the marker', comment(40), 40, false],
    ['before the marker', comment(30), 40, false],
    ['written by the viewer', comment(50, 'me'), 40, false],
  ])('%s', (_, item, marker, expected) => expect(isNewComment(item, marker, 'me')).toBe(expected))
})

describe('marker to send', () => {
  const page = [{ entity_id: 10 }, { entity_id: 20 }, { entity_id: 30 }]
  it.each([
    ['not subscribed', null, page, null],
    ['behind the last comment', 20, page, 30],
    ['at the last comment', 30, page, null],
    ['past the last comment (an older page)', 45, page, null],
    ['an empty page', 5, [], null],
  ])('%s', (_, marker, comments, expected) => expect(markerToSend(marker, comments)).toBe(expected))
})
