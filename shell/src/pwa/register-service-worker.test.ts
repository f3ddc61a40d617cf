import { registerServiceWorker, SERVICE_WORKER_URL } from './register-service-worker';

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site, only after the page has painted', async () => {
    const order: string[] = [];
    const register = jest.fn(async () => {
      order.push('register');
      return {} as ServiceWorkerRegistration;
    });
    await registerServiceWorker({ serviceWorker: { register } }, async () => {
      order.push('painted');
    });
    expect(order).toEqual(['painted', 'register']);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('does nothing where service workers do not exist', async () => {
    const waitForPaint = jest.fn(async () => undefined);
    await registerServiceWorker({}, waitForPaint);
    expect(waitForPaint).not.toHaveBeenCalled();
  });

  it('reports a failed registration and goes on', async () => {
    // Off production the report goes to the console.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('blocked');
    await expect(
      registerServiceWorker({ serviceWorker: { register: jest.fn(async () => Promise.reject(failure)) } }, async () => undefined),
    ).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith('[haven]', failure, { area: 'service-worker' });
    logged.mockRestore();
  });
});
