import assert from 'node:assert/strict';
import { isClientError, type Res } from './helpers.js';

export function assertClientError(r: Res, status?: number, includes?: string | RegExp) {
  const problem = isClientError(r, status, includes);
  assert.equal(problem, null, problem ?? '');
}
