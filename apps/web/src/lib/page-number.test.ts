import { describe, expect, it } from 'vitest'
import { parsePageNumber } from './page-number.ts'

describe('page numbers from the address', () => {
  it.each([
    [null, null],
    ['', null],
    ['1', 1],
    ['3', 3],
    [' 3 ', 3],
    ['0', null],
    ['-2', null],
    ['2.5', null],
    ['abc', null],
    ['1e3', null],
    ['99999999999999999999', null],
    ['40', 40],
  ])('%s reads as %s', (value, page) => expect(parsePageNumber(value)).toBe(page))
})
