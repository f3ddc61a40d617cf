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

describe('before the error service has loaded', () => {
  /** A fresh copy of the config and reporting modules: the early buffer is module state. */
  function freshModules() {
    let modules!: { config: typeof import('../config/runtime-config'); reporting: typeof import('./report-error') };
    jest.isolateModules(() => {
      modules = {
        config: jest.requireActual<typeof import('../config/runtime-config')>('../config/runtime-config'),
        reporting: jest.requireActual<typeof import('./report-error')>('./report-error'),
      };
    });
    return modules;
  }

  test('a boot failure before the config, and a remote failing before the sink, reach the sink once it is installed', () => {
    const { config: runtime, reporting } = freshModules();
    reporting.reportError(new Error('config.json unreachable'), { area: 'runtime-config' });
    runtime.setRuntimeConfig(config);
    reporting.reportError(new Error('remote entry failed'), { area: 'federation', remote: 'mfe-booking' });
    const sink = jest.fn();
    reporting.registerErrorSink(sink);
    expect(sink.mock.calls).toEqual([
      [new Error('config.json unreachable'), { area: 'runtime-config', early: true }],
      [new Error('remote entry failed'), { area: 'federation', remote: 'mfe-booking', early: true }],
    ]);
    // Held once: a later sink does not get them again; later errors go straight to the sink.
    const next = jest.fn();
    reporting.registerErrorSink(next);
    reporting.reportError(new Error('later'));
    expect(next.mock.calls).toEqual([[new Error('later'), undefined]]);
  });

  test('holds at most EARLY_ERRORS_MAX', () => {
    const { config: runtime, reporting } = freshModules();
    runtime.setRuntimeConfig(config);
    for (let i = 0; i < reporting.EARLY_ERRORS_MAX + 5; i++) reporting.reportError(new Error(`e${i}`));
    const sink = jest.fn();
    reporting.registerErrorSink(sink);
    expect(sink).toHaveBeenCalledTimes(reporting.EARLY_ERRORS_MAX);
  });

  test('off production nothing held is sent', () => {
    const { config: runtime, reporting } = freshModules();
    reporting.reportError(new Error('before the config'));
    runtime.setRuntimeConfig({ ...config, stage: 'development' });
    const sink = jest.fn();
    reporting.registerErrorSink(sink);
    expect(sink).not.toHaveBeenCalled();
  });

  test('uncaught errors and unhandled rejections are held until the sink starts, then left to it', () => {
    const { config: runtime, reporting } = freshModules();
    runtime.setRuntimeConfig(config);
    const target = new EventTarget() as unknown as Window;
    reporting.reportUncaughtErrorsUntilSinkStarts(target);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('boot threw') }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('chunk failed') });
    target.dispatchEvent(rejection);
    const sink = jest.fn();
    reporting.registerErrorSink(sink);
    expect(sink.mock.calls).toEqual([
      [new Error('boot threw'), { area: 'uncaught', early: true }],
      [new Error('chunk failed'), { area: 'unhandled rejection', early: true }],
    ]);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('after') }));
    expect(sink).toHaveBeenCalledTimes(2);
  });
});
