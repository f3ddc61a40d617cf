import { Dialog } from '../Dialog/Dialog';
import { helplinesFor } from '../../../pure/crisis-help/helplines';
import { useHelplineCountry } from './helpline-country';
import { HelplineList, OtherCountriesHelplines } from '../../../pure/crisis-help/HelplineList';

/** The helplines of the person's country (tap to call), India next, every other country folded below. */
export function CrisisDialog({ onClose }: { onClose: () => void }) {
  const [first, ...others] = helplinesFor(useHelplineCountry());
  return (
    <Dialog
      title="Crisis help"
      onDismiss={onClose}
      description="If you are in danger or thinking of harming yourself, call now. These lines are free to call and answer all day."
    >
      {first ? (
        <section aria-labelledby="hv-crisis-first">
          <h3 id="hv-crisis-first" className="hv-crisis__country">
            {first.country}
          </h3>
          <HelplineList entry={first} />
        </section>
      ) : null}
      <OtherCountriesHelplines others={others} />
    </Dialog>
  );
}
