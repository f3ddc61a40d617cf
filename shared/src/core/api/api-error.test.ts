import { AxiosError, isAxiosError } from 'axios';
import { isApiError } from './api-error';

// Table-driven against axios's own check: the two must agree on every input.
const cases: Array<[string, unknown]> = [
  ['an AxiosError', new AxiosError('boom', 'ERR_BAD_RESPONSE')],
  ['an AxiosError from a response', AxiosError.from(new Error('x'), 'ERR_NETWORK')],
  ['a plain Error', new Error('boom')],
  ['an object flagged isAxiosError', { isAxiosError: true }],
  ['an object flagged with a truthy non-boolean', { isAxiosError: 'yes' }],
  ['null', null],
  ['undefined', undefined],
  ['a string', 'isAxiosError'],
];

test.each(cases)('%s: same answer as axios.isAxiosError', (_name, value) => {
  expect(isApiError(value)).toBe(isAxiosError(value));
});

test('recognises a real axios error and rejects others', () => {
  expect(isApiError(new AxiosError('boom'))).toBe(true);
  expect(isApiError(new Error('boom'))).toBe(false);
});
