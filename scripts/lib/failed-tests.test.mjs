/* global describe, expect, test */
import { fromJest, fromNodeTest, fromPlaywright } from './failed-tests.mjs';

const nodeTestOutput = [
  '✔ fine (0.9ms)',
  '✖ 50 requests with one credential set: 0 × 401 (525.3ms)',
  '  AssertionError [ERR_ASSERTION]: statuses: 200,401',
  '  ',
  '  1 !== 0',
  '',
  '      at TestContext.<anonymous> (file:///x.test.ts:4:32)',
  '  {',
  "    code: 'ERR_ASSERTION',",
  '  }',
  '✖ thrown (0.09ms)',
  '  Error: boom',
  'ℹ fail 2',
  '✖ failing tests:',
  'test at x.test.ts:4:1',
  '✖ 50 requests with one credential set: 0 × 401 (525.3ms)',
  '  AssertionError [ERR_ASSERTION]: statuses: 200,401',
].join('\n');

describe('the failed tests a run names before its stage table', () => {
  test('node:test: each failed test once, with its message and not its stack', () => {
    expect(fromNodeTest(nodeTestOutput, 'api-cluster.txt')).toEqual([
      {
        source: 'api-cluster.txt',
        title: '50 requests with one credential set: 0 × 401',
        details: ['AssertionError [ERR_ASSERTION]: statuses: 200,401', '1 !== 0'],
      },
      { source: 'api-cluster.txt', title: 'thrown', details: ['Error: boom'] },
    ]);
  });

  test("node:test: a file that failed after its tests passed is named with the runner's note on why", () => {
    const output = [
      '✔ the last test (5.3ms)',
      'ℹ Error: Test hook "before" at test/realtime-helpers.ts:14:3 generated asynchronous activity after the test ended.',
      '✖ /tmp/x/test/session-room.test.js (3829.8ms)',
      "  'test failed'",
    ].join('\n');
    expect(fromNodeTest(output, 'api.txt')).toEqual([
      {
        source: 'api.txt',
        title: '/tmp/x/test/session-room.test.js',
        details: [
          "'test failed'",
          'Error: Test hook "before" at test/realtime-helpers.ts:14:3 generated asynchronous activity after the test ended.',
        ],
      },
    ]);
  });

  test('node:test: a passing run names nothing', () => {
    expect(fromNodeTest('✔ fine (0.9ms)\nℹ fail 0\n', 'api.txt')).toEqual([]);
  });

  test('jest: failed assertions and a file that could not run', () => {
    const report = {
      testResults: [
        {
          name: '/repo/shared/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'fine' },
            {
              status: 'failed',
              fullName: 'a › shows the price',
              failureMessages: ['\u001b[31mexpect(received).toBe(expected)\u001b[39m\n\nExpected: 600\nReceived: 900'],
            },
          ],
        },
        { name: '/repo/shared/src/b.test.ts', status: 'failed', assertionResults: [], testExecError: { message: 'Cannot find module x' } },
      ],
    };
    expect(fromJest(report, 'jest.json')).toEqual([
      {
        source: 'jest.json',
        title: 'src/a.test.ts › a › shows the price',
        details: ['expect(received).toBe(expected)', 'Expected: 600', 'Received: 900'],
      },
      { source: 'jest.json', title: '/repo/shared/src/b.test.ts', details: ['Cannot find module x'] },
    ]);
  });

  test('Playwright: failed and flaky tests, with the first failed attempt', () => {
    const spec = (title, status, results) => ({ title, file: 'booking.spec.ts', line: 7, tests: [{ status, results }] });
    const report = {
      suites: [
        {
          title: 'booking.spec.ts',
          specs: [
            spec('passes', 'expected', [{ status: 'passed' }]),
            spec('fails', 'unexpected', [{ status: 'failed', error: { message: 'Timed out 7000ms\nwaiting for getByRole' } }]),
          ],
          suites: [
            {
              title: 'retries',
              specs: [spec('flaky', 'flaky', [{ status: 'timedOut', error: { message: 'Test timeout' } }, { status: 'passed' }])],
            },
          ],
        },
      ],
    };
    expect(fromPlaywright(report, 'playwright.json')).toEqual([
      { source: 'playwright.json', title: 'booking.spec.ts:7 › fails', details: ['Timed out 7000ms', 'waiting for getByRole'] },
      { source: 'playwright.json, passed on retry', title: 'booking.spec.ts:7 › retries › flaky', details: ['Test timeout'] },
    ]);
  });
});
