const KIND: Record<string, string> = { couple: 'Couple', ancillary_assessment: 'Assessment' };

/** 'Couple, online, 50 minutes': what kind of session, as Confirm and the session page name it. */
export function sessionSummary(type: string, mode: string, minutes: number | undefined): string {
  return `${KIND[type] ?? 'Individual'}, ${mode === 'online' ? 'online' : 'in clinic'}${minutes ? `, ${minutes} minutes` : ''}`;
}
