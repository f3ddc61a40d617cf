import { PageFrame } from '@haven/shared';
import type { LegalText } from './legal-texts';

/** /terms-of-use and /privacy-policy: open to everyone, signed in or not. */
export function LegalPage({ text }: { text: LegalText }) {
  return (
    <PageFrame title={text.title} description={text.description} app="mfe-dashboard">
      <p className="hv-session__meta">Last updated {text.updated}</p>
      {text.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </PageFrame>
  );
}
