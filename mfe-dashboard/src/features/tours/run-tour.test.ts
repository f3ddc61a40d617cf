// A tour that started by itself had no control holding focus before it: at its end ("Done") focus goes to
// the page's heading, never to the page body.
import { runTour } from './run-tour';

beforeEach(() => {
  document.body.innerHTML = '<main><h1>Your sessions</h1><section data-tour="upcoming">Upcoming</section></main>';
  // jsdom lays nothing out: the mark must have a height to be pointed at.
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ height: 40, width: 300, top: 0, left: 0, bottom: 40, right: 300, x: 0, y: 0, toJSON: () => ({}) });
});
afterEach(() => jest.restoreAllMocks());

test('"Done" on the last step: focus on the page heading, and the tour recorded as ended', () => {
  const onEnd = jest.fn();
  runTour([{ mark: 'upcoming', title: 'Your upcoming sessions', text: 'They show here.' }], onEnd);
  const done = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Done');
  expect(done).toBeDefined();
  done!.click();
  expect(onEnd).toHaveBeenCalledTimes(1);
  expect(document.activeElement).toBe(document.querySelector('h1'));
});
