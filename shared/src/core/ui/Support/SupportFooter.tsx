import { useHelplineCountry } from '../CrisisHelp/helpline-country';
import { configuredSupportContacts, HELP_PATH } from './support-contacts';

/** The footer's way to reach a person: the help page, and the e-mail and phone for the person's country. */
export function SupportFooter() {
  const contacts = configuredSupportContacts(useHelplineCountry()).filter((c) => c.kind !== 'whatsapp');
  return (
    <p className="hv-page-frame__support">
      <a href={HELP_PATH}>Help and support</a>
      {contacts.map((c) => (
        <span key={c.kind}>
          {' · '}
          <a href={c.href}>
            <span className="hv-visually-hidden">{c.label}: </span>
            {c.value}
          </a>
        </span>
      ))}
    </p>
  );
}
