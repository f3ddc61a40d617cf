export declare const SNAPSHOT_ID_PREFIX: string;
export declare const SNAPSHOT_ELEMENT_ID: string;
export declare const LIVE_ELEMENT_ID: string;
export declare const SNAPSHOT_STYLE_ATTRIBUTE: string;
export declare const SESSION_CLASS: string;
export declare const FOR_SESSION_ATTRIBUTE: string;
export declare const SESSION_GATE_FILE: string;
export declare function sessionGateScript(credentialsKey: string): string;
export declare const START_AFTER_PAINT_FILE: string;
export declare const PRESSED_ATTRIBUTE: string;
export declare function startAfterPaintScript(): string;
export declare function snapshotDocument(
  template: string,
  page: { title: string; head: string[]; body: string; stylesheet: string; forSession?: boolean; sessionGate?: boolean },
): string;
