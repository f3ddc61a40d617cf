// Care between sessions: the risk read from a patient's assessment answers.
// The public surface of api/src/care.
export * from './assessment-risk.js';
