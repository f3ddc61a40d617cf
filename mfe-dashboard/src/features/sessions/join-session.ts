// Product rules, Sessions and the room: "Join session": the room address from the credentials helper plus redirectUrl, opened by
// navigation. A join failure is only reported (product rules, Sessions and the room).
import { getCredentials, isInstalledWebApp, isNativeWebview, navigateInApp, reportError } from '@haven/shared';
import { sessionRoomAddress, sessionRoomPlatform } from '@haven/shared/dashboard-rules';

export function joinSession(sessionId: string): void {
  try {
    const credentials = getCredentials();
    if (!credentials) throw new Error('No credentials to join a session with');
    const address = sessionRoomAddress({
      sessionId,
      auth: { ...credentials },
      currentUrl: window.location.href,
      platform: sessionRoomPlatform(window.localStorage.getItem('platform'), isNativeWebview()),
      secondaryToken: window.localStorage.getItem('secondary_token'),
      installedWebApp: isInstalledWebApp(),
    });
    navigateInApp(address);
  } catch (error) {
    reportError(error, { where: 'join session', sessionId });
  }
}
