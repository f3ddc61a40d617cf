// What axios' adapter list gets for `./fetch.js` in the web builds: an adapter that is never available. The
// list is ['xhr', 'http', 'fetch'] and every browser Haven supports has XMLHttpRequest, so the xhr adapter
// is the one that sends; the fetch adapter (and the stream, signal and multipart helpers only it uses,
// ~3 KB gzip on every route, which loads axios for its first api call) was never reached, yet its module
// probed Request, Response and ReadableStream each time it was evaluated.
export const getFetch = () => false;
export default false;
