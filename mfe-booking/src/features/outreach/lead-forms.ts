// What each leads form asks (the api checks the same fields per kind: POST /leads).
import type { LeadKind } from './outreach-calls';

export interface LeadField {
  name: string;
  label: string;
  control: 'text' | 'email' | 'url' | 'tel' | 'number' | 'textarea' | 'select';
  required?: boolean;
  options?: readonly string[];
  maxLength?: number;
  autoComplete?: string;
  hint?: string;
}

export interface LeadFormSpec {
  /** The page's title and the form's heading. */
  title: string;
  intro: string;
  submit: string;
  fields: readonly LeadField[];
}

/** Organisation sizes the api accepts (employees, or students for a college). */
export const ORGANISATION_SIZES = ['1-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;

const NAME: LeadField = { name: 'name', label: 'Your name', control: 'text', required: true, maxLength: 120, autoComplete: 'name' };
const EMAIL: LeadField = { name: 'email', label: 'E-mail', control: 'email', required: true, maxLength: 254, autoComplete: 'email' };
const WORK_EMAIL: LeadField = { ...EMAIL, label: 'Work e-mail' };
const MESSAGE: LeadField = { name: 'message', label: 'Message (optional)', control: 'textarea', maxLength: 2000 };
const JOB_TITLE: LeadField = {
  name: 'job_title',
  label: 'Job title (optional)',
  control: 'text',
  maxLength: 120,
  autoComplete: 'organization-title',
};
const PHONE: LeadField = { name: 'phone', label: 'Phone (optional)', control: 'tel', maxLength: 20, autoComplete: 'tel' };

export const LEAD_FORMS: Record<LeadKind, LeadFormSpec> = {
  b2b: {
    title: 'Haven for organisations',
    intro:
      'Care for your people: therapy, psychiatry and coaching for employees and their families. Tell us about your organisation and we will reply within two working days.',
    submit: 'Talk to us',
    fields: [
      NAME,
      WORK_EMAIL,
      { name: 'organisation', label: 'Organisation', control: 'text', required: true, maxLength: 160, autoComplete: 'organization' },
      { name: 'size', label: 'Number of employees', control: 'select', required: true, options: ORGANISATION_SIZES },
      JOB_TITLE,
      PHONE,
      MESSAGE,
    ],
  },
  careers: {
    title: 'Work with us',
    intro: 'Clinicians, coaches and people who build care: tell us what you would like to do at Haven.',
    submit: 'Send',
    fields: [
      NAME,
      EMAIL,
      { name: 'role', label: 'Role or field of interest', control: 'text', required: true, maxLength: 120 },
      {
        name: 'profile_url',
        label: 'Link to your profile or CV (optional)',
        control: 'url',
        maxLength: 500,
        hint: 'An address starting with https://',
      },
      MESSAGE,
    ],
  },
  college: {
    title: 'Haven for colleges',
    intro: 'Counselling and care for students and staff. Tell us about your college.',
    submit: 'Talk to us',
    fields: [
      NAME,
      WORK_EMAIL,
      { name: 'organisation', label: 'College', control: 'text', required: true, maxLength: 160, autoComplete: 'organization' },
      { name: 'size', label: 'Number of students', control: 'select', required: true, options: ORGANISATION_SIZES },
      JOB_TITLE,
      MESSAGE,
    ],
  },
  case_study: {
    title: 'Request a case study',
    intro: 'See how organisations like yours use Haven. We will send the case study that fits.',
    submit: 'Request the case study',
    fields: [
      NAME,
      WORK_EMAIL,
      { name: 'organisation', label: 'Organisation', control: 'text', required: true, maxLength: 160, autoComplete: 'organization' },
      MESSAGE,
    ],
  },
  cf: {
    title: 'Children First programme',
    intro:
      'Care for children and the adults around them, with specialists in child and adolescent mental health. Leave your details and we will call you back.',
    submit: 'Ask us to call',
    fields: [
      { ...NAME, label: 'Your name (parent or carer)' },
      EMAIL,
      { name: 'child_age', label: "Child's age (optional)", control: 'number' },
      { name: 'organisation', label: 'School (optional)', control: 'text', maxLength: 160 },
      PHONE,
      MESSAGE,
    ],
  },
};

/** The page path of each kind (the b2b form has its own page; the others share one). */
export const LEAD_PATHS: Record<LeadKind, string> = {
  b2b: '/for-organisations',
  careers: '/get-in-touch/careers',
  college: '/get-in-touch/college',
  case_study: '/get-in-touch/case-study',
  cf: '/get-in-touch/children-first',
};

export function leadKindOfSlug(slug: string | undefined): LeadKind | null {
  const found = (Object.entries(LEAD_PATHS) as [LeadKind, string][]).find(([, path]) => path === `/get-in-touch/${slug}`);
  return found ? found[0] : null;
}

/** The body a form's values make: empty optional fields left out, the child's age a number. */
export function leadBody(values: Record<string, string>): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (value === '') continue;
    body[name] = name === 'child_age' ? Number(value) : value;
  }
  return body;
}
