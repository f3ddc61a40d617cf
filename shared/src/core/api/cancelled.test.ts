import { CanceledError, AxiosError } from 'axios';
import { isCancelledRequest } from './cancelled';

describe('isCancelledRequest', () => {
  it.each([
    ['an axios cancellation', new CanceledError(), true],
    ['an aborted fetch', new DOMException('The operation was aborted.', 'AbortError'), true],
    ['an axios error with a response', new AxiosError('Request failed', 'ERR_BAD_RESPONSE'), false],
    ['another DOMException', new DOMException('nope', 'NotAllowedError'), false],
    ['a plain error', new Error('boom'), false],
    ['nothing', undefined, false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isCancelledRequest(error)).toBe(expected);
  });
});
