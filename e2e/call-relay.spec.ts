import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpFreshPatient } from './support/auth';
import {
  callStatus,
  expectMediaFlowing,
  FAKE_MEDIA_LAUNCH,
  joinFromPreJoin,
  liveSession,
  patientRoomPath,
  providerRoomPath,
  recordPeerConnections,
} from './support/session-room';

// A call that may only go through a TURN relay (the runtime config's iceTransportPolicy 'relay'): the
// suite's platform runs a local coturn (platform.mjs serve --turn) and the api mints each side a
// short-lived credential for it at join. Both browsers still connect, and each one's chosen candidate
// pair is relay to relay. A relay that is down, or a credential it refuses, leaves the call unconnected.
//
// The deployment served here keeps every candidate ('all'); each browser of this test is handed the same
// runtime config with 'relay', as a privacy-strict deployment would serve it: the product reads the
// setting from its config and has no switch of its own for tests.

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 90_000 });

const coturnMissing = spawnSync('turnserver', ['--version'], { stdio: 'ignore' }).error !== undefined;

async function openRelayOnlyRoom(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), iceTransportPolicy: 'relay' } });
  });
  await recordPeerConnections(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

interface RelayReading {
  policy: RTCIceTransportPolicy | undefined;
  turnUrls: string[];
  pairs: Array<{ local?: string; remote?: string }>;
}

/** The open connections' ICE policy and TURN addresses, and the candidate types of each one's selected pair. */
function relayReading(page: Page): Promise<RelayReading> {
  return page.evaluate(async () => {
    const list = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    const open = list.filter((pc) => pc.connectionState === 'connected');
    const config = open[0]?.getConfiguration();
    const reading: RelayReading = {
      policy: config?.iceTransportPolicy,
      turnUrls: (config?.iceServers ?? []).flatMap((s) => [s.urls].flat()).filter((url) => /^turns?:/.test(url)),
      pairs: [],
    };
    for (const pc of open) {
      const byId = new Map<
        string,
        { type: string; selectedCandidatePairId?: string; localCandidateId?: string; remoteCandidateId?: string; candidateType?: string }
      >();
      (await pc.getStats()).forEach((report: { id: string; type: string }) => byId.set(report.id, report));
      const transport = [...byId.values()].find((r) => r.type === 'transport' && r.selectedCandidatePairId);
      const pair = transport ? byId.get(transport.selectedCandidatePairId!) : undefined;
      reading.pairs.push({
        local: pair ? byId.get(pair.localCandidateId!)?.candidateType : undefined,
        remote: pair ? byId.get(pair.remoteCandidateId!)?.candidateType : undefined,
      });
    }
    return reading;
  });
}

test('relay-only ICE: patient and provider connect through the local TURN relay with the credentials the api minted, relay to relay on both sides', async ({
  browser,
  request,
}) => {
  test.skip(
    coturnMissing,
    "coturn's turnserver is not installed (scripts/test.sh installs Debian's coturn): no local TURN relay to call through",
  );
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const patient = await openRelayOnlyRoom(browser, await patientRoomPath(request, session.uuid, email));
  const provider = await openRelayOnlyRoom(browser, providerRoomPath(session));
  await joinFromPreJoin(patient);
  await joinFromPreJoin(provider);
  for (const page of [patient, provider]) await expect(callStatus(page)).toHaveText(/You are connected with/, { timeout: 20_000 });
  await expectMediaFlowing(patient, 'the patient');

  for (const [who, page] of [
    ['patient', patient],
    ['provider', provider],
  ] as const) {
    const reading = await relayReading(page);
    expect(reading.policy, `${who}: the connection keeps to relays`).toBe('relay');
    expect(reading.turnUrls, `${who}: the api handed the room the local relay`).toEqual([expect.stringMatching(/^turn:127\.0\.0\.1:\d+$/)]);
    expect(reading.pairs, `${who}: the selected candidate pair is relay to relay`).toEqual([{ local: 'relay', remote: 'relay' }]);
  }

  await patient.context().close();
  await provider.context().close();
});
