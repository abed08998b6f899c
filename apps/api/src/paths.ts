import path from 'node:path'

/**
 * The API package's folder (`apps/api`), for the files the server reads at run time. This file
 * sits directly in `src/`, and production runs the bundle `dist/server.js` from the folder
 * beside it: one level up is `apps/api` from both.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..')
