// What the landing adds once it has painted, in one chunk: one request, one chunk's wrapping, not two.
export { NewsletterForm } from '../outreach/NewsletterForm';
export { PricesFrom } from './PricesFrom';
