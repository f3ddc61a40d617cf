// The terms of use and privacy policy the sign-up and consent links point to. Checked-in text: the
// legal team's copy replaces it here (one place), and the pages render whatever these hold.
export interface LegalText {
  title: string;
  description: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export const TERMS_OF_USE: LegalText = {
  title: 'Terms of use',
  description: 'The terms that apply when you use Haven.',
  updated: '23 Nov 2026',
  sections: [
    {
      heading: 'What Haven is',
      paragraphs: [
        'Haven connects you with therapists, psychiatrists, couples therapists and coaches for online and in-clinic sessions, and offers care tools, a journal and assessments.',
        'Haven is not an emergency service. If you or someone else is in danger, call your local emergency number now.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You need to be 18 or older to hold an account. You may add profiles for people you care for, such as a child, and you are responsible for what is done in them.',
        'Keep your password and one-time codes to yourself. You can close your account at any time from Your account → Close account.',
      ],
    },
    {
      heading: 'Sessions and payments',
      paragraphs: [
        'Fees are shown before you book. Rescheduling and cancelling follow the rules shown at booking. Sessions paid for by your employer or a partner follow that plan.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Treat providers and other members with respect. Do not upload anything that is not yours to share or that could harm others.',
      ],
    },
  ],
};

export const PRIVACY_POLICY: LegalText = {
  title: 'Privacy policy',
  description: 'How Haven collects, uses and protects your information.',
  updated: '23 Nov 2026',
  sections: [
    {
      heading: 'What we hold',
      paragraphs: [
        'Your name, contact details, date of birth, your sessions, what you write in your journal and assessments, and the documents you upload. We treat all of it as health data.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        'Only you, and the providers you book with for the care you book. Documents you upload are served only to you. We never sell your information.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Until you close your account. Closing deletes your profiles, documents, identity files and journal; records the law asks us to keep, such as invoices, are kept without your name or contacts.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: ['You can change your details, download or delete your documents, and close your account from Your account at any time.'],
    },
  ],
};
