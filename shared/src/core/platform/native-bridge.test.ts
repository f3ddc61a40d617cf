import { WEBVIEW_CLOSE_MESSAGE, isNativeWebview, requestWebviewClose } from './native-bridge';

type W = Record<string, unknown>;
afterEach(() => {
  delete (window as unknown as W).ReactNativeWebView;
  delete (window as unknown as W).webkit;
});

test('a plain browser is not a webview and nothing is posted', () => {
  expect(isNativeWebview()).toBe(false);
  expect(requestWebviewClose()).toBe(false);
});

test('Android / react-native-webview: posts the close message', () => {
  const postMessage = jest.fn();
  (window as unknown as W).ReactNativeWebView = { postMessage };
  expect(isNativeWebview()).toBe(true);
  expect(requestWebviewClose()).toBe(true);
  expect(postMessage).toHaveBeenCalledWith(WEBVIEW_CLOSE_MESSAGE);
});

test('iOS WKWebView message handler', () => {
  const postMessage = jest.fn();
  (window as unknown as W).webkit = { messageHandlers: { ReactNativeWebView: { postMessage } } };
  expect(isNativeWebview()).toBe(true);
  requestWebviewClose();
  expect(postMessage).toHaveBeenCalledWith(WEBVIEW_CLOSE_MESSAGE);
});

test('a throwing bridge is reported as false, not thrown', () => {
  (window as unknown as W).ReactNativeWebView = {
    postMessage: () => {
      throw new Error('x');
    },
  };
  expect(requestWebviewClose()).toBe(false);
});
