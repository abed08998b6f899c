/**
 * The import's progress on stderr. On a terminal, work under way is one line redrawn in place
 * (`\r`) with a bar over everything whose total is known; finished steps print as plain lines.
 * Anywhere else (a log, a pipe) only the finished steps print, one line each.
 */
export type Progress = {
  /** A finished step: `Reborn cards: 526`. */
  line: (text: string) => void
  /** Work under way: `done` of `total`. */
  count: (task: string, done: number, total: number) => void
  /** Clears a bar still showing (before a summary or an error). */
  end: () => void
}

const BAR_WIDTH = 24

export function streamProgress(stream: {
  isTTY?: boolean
  write: (text: string) => unknown
}): Progress {
  const tasks = new Map<string, { done: number; total: number }>()
  let showing = false
  const clear = () => {
    if (showing) stream.write('\r\x1b[K')
    showing = false
  }
  const draw = () => {
    const under = [...tasks].filter(([, task]) => task.done < task.total)
    if (under.length === 0) return clear()
    const done = under.reduce((sum, [, task]) => sum + task.done, 0)
    const total = under.reduce((sum, [, task]) => sum + task.total, 0)
    const filled = Math.round((BAR_WIDTH * done) / Math.max(total, 1))
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`
    const names = under.map(([name, task]) => `${name} ${task.done}/${task.total}`).join(', ')
    stream.write(`\r${bar} ${names}\x1b[K`)
    showing = true
  }
  return {
    line(text) {
      clear()
      stream.write(`${text}\n`)
      if (stream.isTTY) draw()
    },
    count(task, done, total) {
      tasks.set(task, { done, total })
      if (stream.isTTY) draw()
    },
    end: clear,
  }
}
