// Product rules, Dashboard: nudges: each of the four sections loads on its own (is_loaded), and they are shown only
// when all four are loaded, in the order nps 0, feedback 1, reflection 2, webtoapp 3.
import { havenStore, NUDGE_SECTIONS, reportError } from '@haven/shared';
import { getNudge } from './nudge-calls';

export async function loadNudges(): Promise<void> {
  const nudge = () => havenStore.getState().nudge;
  nudge().reset();
  await Promise.all(
    NUDGE_SECTIONS.map(async (section) => {
      try {
        const content = await getNudge(section);
        nudge().setNudge(section, { is_loaded: true, ...(content ? { content } : {}) });
      } catch (error) {
        // A section that fails counts as loaded with nothing to show, so the others still appear.
        reportError(error, { where: 'nudge', section });
        nudge().setNudge(section, { is_loaded: true });
      }
    }),
  );
}
