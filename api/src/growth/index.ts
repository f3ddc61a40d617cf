// Referrals, short links, the newsletter and the leads forms.
export * from './referrals.js';
export * from './newsletter.js';
export * from './leads.js';
