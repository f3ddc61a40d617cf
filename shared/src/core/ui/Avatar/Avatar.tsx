import { useState } from 'react';
import { getRuntimeConfig, isRuntimeConfigLoaded } from '../../config/runtime-config';
import { avatarColour, avatarImage, avatarInitials } from '@haven/rules';
import '../../../pure/tokens.css';
import './Avatar.css';

/** The fields of a profile (the api's User) an avatar reads. */
export interface AvatarPerson {
  uuid?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  avatar_url?: unknown;
}

export interface AvatarProps {
  person: AvatarPerson;
  size?: 'sm' | 'md' | 'lg';
  /** Beside the person's name (a link, a list row): hidden from assistive technology, the name says it. */
  decorative?: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A profile's avatar (product rules, Validation): its photo from the avatar folder of the asset host the runtime config
 * names, else the default avatar drawn here (initials on the profile's colour). A photo that fails to
 * load falls back to the drawn one.
 */
export function Avatar({ person, size = 'md', decorative = false }: AvatarProps) {
  const assetHost = isRuntimeConfigLoaded() ? getRuntimeConfig().assetHost : undefined;
  const image = avatarImage(text(person.avatar_url) || null, assetHost);
  const [failed, setFailed] = useState<string | null>(null);
  const name = `${text(person.first_name)} ${text(person.last_name)}`.trim();
  const label = decorative ? undefined : name ? `Photo of ${name}` : 'Profile photo';
  if (image && failed !== image) {
    return <img className={`hv-avatar hv-avatar--${size}`} src={image} alt={decorative ? '' : label} onError={() => setFailed(image)} />;
  }
  const initials = avatarInitials(text(person.first_name), text(person.last_name));
  if (initials === '?') {
    // Nobody named and no photo: a warm drawn figure rather than a question mark.
    return (
      <span
        className={`hv-avatar hv-avatar--${size} hv-avatar--warm`}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      >
        <svg viewBox="0 0 40 40" width="100%" height="100%" aria-hidden="true" focusable="false">
          <circle cx="20" cy="16" r="7" fill="#f08d65" />
          <path d="M7 38c1-9 6-14 13-14s12 5 13 14z" fill="#b65329" />
        </svg>
      </span>
    );
  }
  return (
    <span
      className={`hv-avatar hv-avatar--${size} hv-avatar--drawn`}
      style={{ backgroundColor: avatarColour(text(person.uuid) || name) }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name ? `${name} (initials ${initials})` : 'Profile' })}
    >
      {initials}
    </span>
  );
}
