import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreJoin } from './PreJoin';
import type { LocalMedia } from './use-local-media';

const blocked: LocalMedia = {
  audio: null,
  video: null,
  problems: { audio: 'denied', video: 'missing' },
  devices: { audio: [], video: [] },
  loading: false,
};

test.each([
  ['website', /select the camera icon or the lock beside the address/],
  ['android', /phone's Settings \(Apps, Haven, Permissions\)/],
  ['ios', /iPhone's Settings/],
] as const)('a blocked microphone is explained with where to allow it (%s); Try again asks again', async (platform, where) => {
  const onRetry = jest.fn();
  const onJoin = jest.fn();
  render(<PreJoin media={blocked} otherName="Ananya Rao" platform={platform} onRetry={onRetry} onChoose={jest.fn()} onJoin={onJoin} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(/Your microphone is blocked. Your provider needs to hear you/);
  expect(alert).toHaveTextContent(where);
  expect(alert).toHaveTextContent('We could not find a camera on this device.');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalled();
  // Still possible to join (chat, listening): without a camera it joins with the camera off.
  expect(screen.getByLabelText('Join with camera off')).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Join session' }));
  expect(onJoin).toHaveBeenCalledWith({ cameraOff: true });
});
