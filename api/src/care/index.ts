// Care between sessions: self-assessments (scored, banded, with their risk answers), the home's nudges,
// NPS, care tools, communities and treatment plans. The public surface of api/src/care.
export * from './assessment-risk.js';
export * from './assessments.js';
export * from './nudges.js';
export * from './communities.js';
export * from './tool-entries.js';
export * from './home.js';
export * from './journal.js';
export * from './coordinator.js';
export * from './treatment-plans.js';
