// `@haven/shared/dashboard-rules`: the core's dashboard entry, a Module Federation singleton of its own:
// the session room's address and chat-key proofs, tours, dashboard modals and nudge order, video links, uploads,
// PINs and added members. Only files without state of the root's (see ../booking-rules/index.ts).
export {
  sessionRoomAddress,
  sessionRoomPlatform,
  isJoinOpen,
  decodeBase64Json,
  JOIN_WINDOW_MINUTES,
  WEB_APP_QUERY_FLAG,
  SECONDARY_TOKEN_QUERY,
  type SessionRoomPlatform,
} from '@haven/rules';
export { readSessionRoomPayload, sessionRoomReturnPath, SESSION_ROOM_PLATFORMS, type SessionRoomEntry } from '@haven/rules';
export { chatKeyProofProblem, chatKeyThumbprintInput, chatPublicKeyOf, type ChatKeyProofProblem, type ChatPublicKey } from '@haven/rules';
export { videoId, isValidVideoLink, INVALID_VIDEO_ID } from './video-id';
export { coachmarkingFromSeen, TOUR_SECTIONS, TOUR_FLAG, type TourSection } from './guided-tours';
export { initialAssessmentFlags } from './initial-assessment-flags';
export {
  nextDashboardModal,
  interruptionPlan,
  welcomePlan,
  mayInterrupt,
  DASHBOARD_MODAL_ORDER,
  type DashboardModal,
  type DashboardModalState,
  type Interruption,
  type InterruptionPlan,
  type WelcomePlan,
} from './dashboard-modal-order';
export { addedMembersSummary, type AddedMembersSummary } from './added-members';
export {
  uploadProblem,
  fileExtension,
  ALLOWED_UPLOAD_EXTENSIONS,
  DEFAULT_UPLOAD_LIMIT_MB,
  UPLOAD_FORMAT_MESSAGE,
  uploadSizeMessage,
} from '@haven/rules';
export { pinProblem, PIN_LENGTH, PIN_MESSAGES, type PinProblem } from '@haven/rules';
export { consentWording, type ConsentParty, type ConsentWording } from '@haven/rules';
