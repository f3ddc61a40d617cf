// What GrowthBook gets for `dom-mutator`: nothing that rewrites the page. GrowthBook applies a visual-editor
// experiment's DOM changes through dom-mutator; Haven reads flags and experiment assignments from the
// service, and a remote service never rewrites the pages of a care product (its script changes are refused
// by the CSP already). So every page skips ~4 KB gzip of the library, and a visual change that ever came
// would be left unapplied: each call answers a controller that reverts nothing.
const nothingToRevert = { revert() {} };
const ignore = () => nothingToRevert;

export const validAttributeName = /^[a-zA-Z:_][a-zA-Z0-9:_.-]*$/;
export function connectGlobalObserver() {}
export function disconnectGlobalObserver() {}
export default { html: ignore, classes: ignore, attribute: ignore, position: ignore, declarative: ignore };
