import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallControls, type CallControlsProps } from './CallControls';

function renderBar(overrides: Partial<CallControlsProps> = {}) {
  const props: CallControlsProps = {
    mic: true,
    camera: true,
    hasMic: true,
    hasCamera: true,
    onToggle: jest.fn(),
    chatId: 'side',
    chatOpen: false,
    unread: 0,
    onChat: jest.fn(),
    onLeave: jest.fn(),
    ...overrides,
  };
  render(<CallControls {...props} />);
  return { props, bar: within(screen.getByRole('group', { name: 'Call controls' })) };
}

/** The lucide icon a control draws (its class names the picture). */
const iconOf = (button: HTMLElement) => (button.querySelector('svg')?.getAttribute('class') ?? '').split(' ');

test('the bar names every control for a screen reader, in the order calls have them', () => {
  const { bar } = renderBar();
  expect(bar.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mute', 'Camera off', 'Chat', 'Crisis help', 'Leave session']);
  for (const button of bar.getAllByRole('button')) {
    // The picture is decoration: the words under it are the name, and are on screen.
    expect(button.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  }
});

test.each([
  ['microphone on, camera on', true, true],
  ['muted, camera on', false, true],
  ['microphone on, camera off', true, false],
  ['muted, camera off', false, false],
])('%s: the state is exposed (aria-pressed) and drawn with its own icon', (_case, mic, camera) => {
  const { bar } = renderBar({ mic, camera });
  const mute = bar.getByRole('button', { name: 'Mute' });
  const cameraOff = bar.getByRole('button', { name: 'Camera off' });
  expect(mute).toHaveAttribute('aria-pressed', String(!mic));
  expect(cameraOff).toHaveAttribute('aria-pressed', String(!camera));
  expect(iconOf(mute)).toContain(mic ? 'lucide-mic' : 'lucide-mic-off');
  expect(iconOf(mute)).not.toContain(mic ? 'lucide-mic-off' : 'lucide-mic');
  expect(iconOf(cameraOff)).toContain(camera ? 'lucide-video' : 'lucide-video-off');
  expect(iconOf(cameraOff)).not.toContain(camera ? 'lucide-video-off' : 'lucide-video');
});

test('pressing Mute and Camera off asks to switch the microphone and the camera; Leave leaves', async () => {
  const { bar, props } = renderBar();
  await userEvent.click(bar.getByRole('button', { name: 'Mute' }));
  expect(props.onToggle).toHaveBeenLastCalledWith('audio');
  await userEvent.click(bar.getByRole('button', { name: 'Camera off' }));
  expect(props.onToggle).toHaveBeenLastCalledWith('video');
  await userEvent.click(bar.getByRole('button', { name: 'Leave session' }));
  expect(props.onLeave).toHaveBeenCalledTimes(1);
});

test('a device that does not exist cannot be switched on', () => {
  const { bar } = renderBar({ mic: false, camera: false, hasMic: false, hasCamera: false });
  expect(bar.getByRole('button', { name: 'Mute' })).toBeDisabled();
  expect(bar.getByRole('button', { name: 'Camera off' })).toBeDisabled();
});

test('Chat says whether the chat is open and counts what arrived unread, in words for a screen reader', async () => {
  const { bar, props } = renderBar({ unread: 2 });
  const chat = bar.getByRole('button', { name: 'Chat (2 new)' });
  expect(chat).toHaveAttribute('aria-expanded', 'false');
  expect(chat).toHaveAttribute('aria-controls', 'side');
  await userEvent.click(chat);
  expect(props.onChat).toHaveBeenCalledTimes(1);
});

test('Crisis help in the bar opens the helplines as a dialog over the call', async () => {
  const { bar } = renderBar();
  const help = bar.getByRole('button', { name: 'Crisis help' });
  expect(help).toHaveAttribute('aria-haspopup', 'dialog');
  localStorage.setItem('userCountry', 'IN');
  await userEvent.click(help);
  const dialog = await screen.findByRole('dialog', { name: 'Crisis help' });
  expect(dialog.querySelector('a[href^="tel:"]')).not.toBeNull();
});
