import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// As the browser journeys do: on CI one retry, so a test that fails twice still fails.
const retry = process.env.CI ? 1 : 0

export default defineConfig({
  test: {
    // Vitest's default leaves one core free; most files wait on a database or a child process, so
    // a two-core machine runs them about a quarter faster with two workers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
          retry,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
})
