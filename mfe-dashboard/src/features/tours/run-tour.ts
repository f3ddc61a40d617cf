// The tour library, loaded only when a tour runs (a lazy chunk of its own with its styles). driver.js
// gives a real dialog (labelled by the step title, focus moved in and trapped, restored at the end); the
// keys (arrows, Escape) are ours: driver.js ignores an arrow pressed while a step is still settling (the
// frame after each step, longer on a busy machine), so a person's press was sometimes lost. A live region
// also announces each step to screen readers.
import { driver, type DriveStep } from 'driver.js';
import { focusPageHeadingIfLost } from '@haven/shared';
import 'driver.js/dist/driver.css';
import './Tour.css';
import type { TourStep } from './tour-steps';

export function runTour(steps: readonly TourStep[], onEnd: () => void): void {
  // Only marks on the page and visible (an empty section has no height and is not pointed at).
  const present = steps.filter((s) => (document.querySelector(`[data-tour="${s.mark}"]`)?.getBoundingClientRect().height ?? 0) > 0);
  if (present.length === 0) {
    onEnd();
    return;
  }
  const live = document.createElement('div');
  live.className = 'hv-visually-hidden';
  live.setAttribute('aria-live', 'polite');
  document.body.append(live);

  // driver.js marks the highlighted element as a popup trigger (aria-haspopup/expanded/controls); our
  // marks are sections and lists, where those attributes are not allowed (axe), so they are taken off.
  const popupAttributes = ['aria-haspopup', 'aria-expanded', 'aria-controls'];
  const cleaner = new MutationObserver((changes) => {
    for (const change of changes) {
      const el = change.target as Element;
      if (el.hasAttribute('data-tour') && change.attributeName && el.hasAttribute(change.attributeName))
        el.removeAttribute(change.attributeName);
    }
  });
  cleaner.observe(document.body, { subtree: true, attributeFilter: popupAttributes });

  const tour = driver({
    steps: present.map<DriveStep>((s) => ({ element: `[data-tour="${s.mark}"]`, popover: { title: s.title, description: s.text } })),
    showProgress: true,
    progressText: 'Step {{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    popoverClass: 'hv-tour',
    allowKeyboardControl: false,
    // No animation: calm for everyone, and a key pressed mid-transition is never dropped.
    animate: false,
    smoothScroll: false,
    onPopoverRender: (popover, { state }) => {
      popover.closeButton.setAttribute('aria-label', 'Close the tour');
      popover.title.setAttribute('role', 'heading');
      popover.title.setAttribute('aria-level', '2');
      const index = state.activeIndex ?? 0;
      live.textContent = `Tour step ${index + 1} of ${present.length}: ${present[index]?.title ?? ''}`;
    },
    // Every way out (Done, close, a click outside, and Escape below) passes here; driver.js calls
    // onDestroyed only when a step had finished highlighting, so a tour closed very early would go unrecorded.
    onDestroyStarted: () => finish(),
  });
  // Every press counts: moving on does not wait for the step before to settle. Next on the last step is Done.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') finish();
    else if (event.key === 'ArrowRight') tour.moveNext();
    else if (event.key === 'ArrowLeft' && tour.hasPreviousStep()) tour.movePrevious();
  };
  let finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    window.removeEventListener('keyup', onKey);
    cleaner.disconnect();
    live.remove();
    onEnd();
    tour.destroy();
    // driver.js gives focus back to what held it before; a tour that started by itself had nothing there.
    focusPageHeadingIfLost();
  }
  window.addEventListener('keyup', onKey);
  tour.drive();
}
