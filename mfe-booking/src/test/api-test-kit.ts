// The booking remote's component tests stand the api in with the shared test kit.
export { API, installApiTestKit, json, server } from '../../../shared/src/core/test/api-test-kit';
