import type { RoomJoin } from './enter-room';

type PatientRisk = NonNullable<RoomJoin['patient_risk']>;

/** The day the answer was given, as the product writes dates ('27 Nov 2026'), in this browser's zone. */
function answeredOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
}

/**
 * For the provider only: the patient's latest assessment answer that the risk rule flags (an answer of
 * self-harm or of being better off dead), shown before and during the call so the session can start
 * with it. The api sends it to the room link's provider and to nobody else.
 */
export function PatientRiskNotice({ risk, patientName }: { risk: PatientRisk; patientName: string }) {
  return (
    <section className="hv-room-risk" role="note" aria-labelledby="hv-room-risk-heading">
      <h2 id="hv-room-risk-heading">Check on {patientName}&apos;s safety first</h2>
      <p>
        On {answeredOn(risk.answered_at)}, in the {risk.title}, {patientName} gave an answer that marks a risk of harm:
      </p>
      <ul>
        {risk.flags.map((flag) => (
          <li key={`${flag.slug}-${flag.question_id}`}>{flag.reason}</li>
        ))}
      </ul>
      <p>Ask about it at the start of this session, and follow the clinical team&apos;s safety protocol.</p>
    </section>
  );
}
