// The content library (blogs, videos, webinars, resources, spotlight, support kits) and webinar
// registration. The public surface of api/src/content.
export * from './library.js';
