import { describe, expect, it } from 'vitest'
import { streamProgress } from './progress.ts'

function stream(isTTY: boolean) {
  const written: string[] = []
  return { isTTY, written, write: (text: string) => written.push(text) }
}

describe('the progress of an import', () => {
  it('draws a bar in place on a terminal, and clears it before a finished step', () => {
    const terminal = stream(true)
    const progress = streamProgress(terminal)
    progress.count('Reborn cards', 100, 400)
    progress.count('Legacy cards', 100, 100)
    progress.count('Reborn cards', 300, 400)
    progress.line('Reborn cards: 400')
    progress.end()
    expect(terminal.written).toEqual([
      '\r[######------------------] Reborn cards 100/400\x1b[K',
      '\r[######------------------] Reborn cards 100/400\x1b[K',
      '\r[##################------] Reborn cards 300/400\x1b[K',
      '\r\x1b[K',
      'Reborn cards: 400\n',
      '\r[##################------] Reborn cards 300/400\x1b[K',
      '\r\x1b[K',
    ])
  })

  it('writes only finished steps, one line each, anywhere else', () => {
    const log = stream(false)
    const progress = streamProgress(log)
    progress.count('Reborn cards', 100, 400)
    progress.line('Reborn cards: 400')
    progress.end()
    expect(log.written).toEqual(['Reborn cards: 400\n'])
  })
})
