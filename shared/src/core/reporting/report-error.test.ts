import { setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { registerErrorSink, reportError } from './report-error';

const config: RuntimeConfig = {
  stage: 'production',
  siteBaseUrl: 'https://x.test',
  apiBaseUrl: 'https://x.test/api/v1',
  realtimeDatabaseUrl: 'https://db.test',
  firebase: { apiKey: 'k', projectId: 'p' },
  partnerIntegrationsHost: 'partners.x.test',
  remotes: {},
};

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  setRuntimeConfig(null);
});

test('off production it only logs, even with a sink registered', () => {
  const sink = jest.fn();
  const remove = registerErrorSink(sink);
  setRuntimeConfig({ ...config, stage: 'development' });
  reportError('boom', { where: 'test' });
  expect(sink).not.toHaveBeenCalled();
  expect(consoleError).toHaveBeenCalledWith('[haven]', new Error('boom'), { where: 'test' });
  remove();
});

test('in production the registered sink receives an Error and the context', () => {
  const sink = jest.fn();
  const remove = registerErrorSink(sink);
  setRuntimeConfig(config);
  reportError({ code: 7 }, { endpoint: '/x' });
  expect(sink).toHaveBeenCalledWith(new Error('{"code":7}'), { endpoint: '/x' });
  remove();
  reportError(new Error('later'));
  expect(sink).toHaveBeenCalledTimes(1);
});

test('never throws, even when the sink and the console throw', () => {
  setRuntimeConfig(config);
  const remove = registerErrorSink(() => {
    throw new Error('sink down');
  });
  expect(() => reportError(new Error('x'))).not.toThrow();
  remove();
  consoleError.mockImplementation(() => {
    throw new Error('console down');
  });
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  expect(() => reportError(circular)).not.toThrow();
});
