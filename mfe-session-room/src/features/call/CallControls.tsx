import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { CrisisHelpButton, CRISIS_HELP_LABEL } from '@haven/shared';
import { IconChat, IconCrisisHelp, IconHangUp, IconMic, IconMicOff, IconVideo, IconVideoOff, type Icon } from '@haven/shared/design';
import './CallControls.css';

export const MUTE_LABEL = 'Mute';
export const CAMERA_OFF_LABEL = 'Camera off';
export const CHAT_LABEL = 'Chat';
export const LEAVE_LABEL = 'Leave session';

interface ControlProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: Icon;
  label: string;
  /** What follows the label for assistive technology only (the unread count's words). */
  extra?: ReactNode;
  /** A small count on the disc (unread messages). */
  badge?: number;
}

/** A round icon button with its words under it: the words are its accessible name, and what people read. */
function Control({ icon: Glyph, label, extra, badge, className, ...rest }: ControlProps) {
  return (
    <button type="button" className={['hv-call-control', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      <span className="hv-call-control__disc" aria-hidden="true">
        <Glyph size={22} strokeWidth={2} />
        {badge ? <span className="hv-call-control__badge">{badge}</span> : null}
      </span>
      <span className="hv-call-control__label">{label}</span>
      {extra}
    </button>
  );
}

export interface CallControlsProps {
  /** The microphone sends sound (false: muted). */
  mic: boolean;
  camera: boolean;
  /** Which devices exist at all (a missing one cannot be switched on). */
  hasMic: boolean;
  hasCamera: boolean;
  onToggle(kind: 'audio' | 'video'): void;
  /** The chat panel's element id, whether it is open (narrow screens), and what arrived unread. */
  chatId: string;
  chatOpen: boolean;
  unread: number;
  onChat(event: MouseEvent<HTMLButtonElement>): void;
  onLeave(): void;
}

/**
 * The call's one row of controls, as calls people know draw them: microphone, camera, chat, crisis help,
 * leave. Mute and Camera off are toggles (aria-pressed): pressed, they turn red and show the crossed-out
 * icon, so the state is never told by a shade alone.
 */
export function CallControls({ mic, camera, hasMic, hasCamera, onToggle, chatId, chatOpen, unread, onChat, onLeave }: CallControlsProps) {
  return (
    <div className="hv-call__controls" role="group" aria-label="Call controls">
      <Control
        icon={mic ? IconMic : IconMicOff}
        label={MUTE_LABEL}
        aria-pressed={!mic}
        disabled={!hasMic}
        data-state={mic ? 'on' : 'off'}
        onClick={() => onToggle('audio')}
      />
      <Control
        icon={camera ? IconVideo : IconVideoOff}
        label={CAMERA_OFF_LABEL}
        aria-pressed={!camera}
        disabled={!hasCamera}
        data-state={camera ? 'on' : 'off'}
        onClick={() => onToggle('video')}
      />
      <Control
        icon={IconChat}
        label={CHAT_LABEL}
        className="hv-call__side-toggle"
        aria-expanded={chatOpen}
        aria-controls={chatId}
        badge={unread}
        extra={unread > 0 ? <span className="hv-visually-hidden"> ({unread} new)</span> : null}
        onClick={onChat}
      />
      <CrisisHelpButton className="hv-call-control hv-call-control--crisis">
        <span className="hv-call-control__disc" aria-hidden="true">
          <IconCrisisHelp size={22} strokeWidth={2} />
        </span>
        <span className="hv-call-control__label">{CRISIS_HELP_LABEL}</span>
      </CrisisHelpButton>
      <Control icon={IconHangUp} label={LEAVE_LABEL} className="hv-call-control--leave" onClick={onLeave} />
    </div>
  );
}
