import { forgetMedia, rememberedMedia, rememberMedia } from './media-memory';

afterEach(() => window.sessionStorage.clear());

test.each([
  ['never joined', null, null],
  ['joined, both on', JSON.stringify({ mic: true, camera: true }), { mic: true, camera: true }],
  ['muted, camera off', JSON.stringify({ mic: false, camera: false }), { mic: false, camera: false }],
  ['muted only', JSON.stringify({ mic: false, camera: true }), { mic: false, camera: true }],
  ['an older build: camera off', 'camera-off', { mic: true, camera: false }],
  ['an older build: camera on', 'camera-on', { mic: true, camera: true }],
])('%s', (_, stored, expected) => {
  if (stored !== null) window.sessionStorage.setItem('haven.session-room.joined.s1', stored);
  expect(rememberedMedia('s1')).toEqual(expected);
});

test('a choice is kept per session and forgotten on leaving', () => {
  rememberMedia('s1', { mic: false, camera: true });
  expect(rememberedMedia('s1')).toEqual({ mic: false, camera: true });
  expect(rememberedMedia('s2')).toBeNull();
  forgetMedia('s1');
  expect(rememberedMedia('s1')).toBeNull();
});
