// The bridge to the Android / iOS apps that host the web client in a webview (react-native-webview:
// `window.ReactNativeWebView` on both, `window.webkit.messageHandlers.ReactNativeWebView` on iOS).

interface MessageTarget {
  postMessage(message: string): void;
}

interface NativeWindow {
  ReactNativeWebView?: MessageTarget;
  webkit?: { messageHandlers?: Record<string, MessageTarget | undefined> };
}

/** The message the apps listen for to close the webview (session lost). */
export const WEBVIEW_CLOSE_MESSAGE = JSON.stringify({ type: 'CLOSE_WEBVIEW' });

function nativeWindow(): NativeWindow | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as NativeWindow);
}

function target(): MessageTarget | undefined {
  const w = nativeWindow();
  return w?.ReactNativeWebView ?? w?.webkit?.messageHandlers?.ReactNativeWebView;
}

export function isNativeWebview(): boolean {
  return target() !== undefined;
}

/** Asks the hosting app to close the webview; false when not inside one or the bridge failed. */
export function requestWebviewClose(): boolean {
  const bridge = target();
  if (!bridge) return false;
  try {
    bridge.postMessage(WEBVIEW_CLOSE_MESSAGE);
    return true;
  } catch {
    return false;
  }
}
