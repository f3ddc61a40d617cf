import { screen, waitFor } from '@testing-library/react';
import { getCredentials, havenStore, setCredentials } from '@haven/shared';
import { LogOutPage } from './LogOutPage';
import { apiUser, calls, installPageTestKit, realtimeMock, renderAt } from '../test/page-test-kit';

jest.mock('../../../../shared/src/core/realtime/realtime-client', () => jest.requireActual('../test/page-test-kit').realtimeMock);

installPageTestKit();

it('logs out (Status Offline, DELETE logout, loginstatus false) and lands on the log-in page', async () => {
  setCredentials({ 'access-token': 't', client: 'c', uid: 'asha@example.com', expiry: '1900000000' });
  havenStore.getState().auth.update({ user: apiUser(), firebaseUser: { uid: 'uid-7' }, loading: false });
  localStorage.setItem('loginstatus', 'true');
  renderAt('/auth/log-out', '/auth/log-out/*', <LogOutPage />);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/log-in/?redirectPath=%2Ft-p'));
  expect(realtimeMock.setStatus).toHaveBeenCalledWith('uid-7', 'Offline');
  expect(calls('DELETE', '/customers/logout')).toHaveLength(1);
  expect(getCredentials()).toBeNull();
  expect(localStorage.getItem('loginstatus')).toBe('false');
  expect(havenStore.getState().auth.user).toBeNull();
});
