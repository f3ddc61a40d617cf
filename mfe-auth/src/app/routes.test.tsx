import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { loadCountryCodes } from '@haven/shared/form-kit';
import { AppRoutes } from './routes';
import { setTestRuntimeConfig } from '../../../shared/src/core/test/runtime-config-kit';

const server = setupServer(http.all('*', () => HttpResponse.json({})));
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => setTestRuntimeConfig());

describe('mfe-auth routes (the shell hands these prefixes to this remote)', () => {
  it.each([
    ['/auth/log-in/', 'Log in'],
    ['/auth/log-in/?redirectPath=%2Ft-p', 'Log in'],
    ['/auth/sign-up', 'Create your account'],
    ['/set-password', 'Set a new password'],
    ['/forgot-password', 'Forgot your password?'],
    ['/change-password', 'Change your password'],
    ['/changepassword', 'Change your password'],
    ['/create-password', 'Create a password'],
    ['/registration-form', 'Tell us about you'],
  ])('%s → %s', async (url, heading) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    // Log-in is in the first chunk; every other page arrives as its own lazy chunk.
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await act(async () => {
      await loadCountryCodes(); // the phone fields' list arrives: let it render inside act
    });
  });
});
