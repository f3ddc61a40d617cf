// The realtime database (firebase) cannot run in jsdom: its module is replaced by recorders. Every
// other module — the api client, store, credential store, event bus — is the real one.
export const realtime = {
  signInRealtime: jest.fn(async (token: string) => ({ uid: `uid-of-${token}` })),
  setStatus: jest.fn(async () => undefined),
  signOutRealtime: jest.fn(async () => undefined),
  updateRecord: jest.fn(async (_path: string, _changes: Record<string, unknown>) => undefined),
  subscribe: jest.fn(() => () => undefined),
};

export function resetRealtimeMock(): void {
  realtime.signInRealtime.mockReset().mockImplementation(async (token: string) => ({ uid: `uid-of-${token}` }));
  realtime.setStatus.mockReset().mockResolvedValue(undefined);
  realtime.signOutRealtime.mockReset().mockResolvedValue(undefined);
  realtime.updateRecord.mockReset().mockResolvedValue(undefined);
}
