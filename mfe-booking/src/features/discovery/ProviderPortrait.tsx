import { Avatar, avatarImage, getRuntimeConfig, isRuntimeConfigLoaded } from '@haven/shared';

/** The card's portrait size in CSS pixels (the files are drawn at twice that). */
export const PORTRAIT_PX = 80;

/**
 * A provider's portrait (product rules, Validation: the avatar folder of the asset host, or the default
 * avatar): sized so nothing moves when it arrives, loaded lazily below the fold. Beside the name, so it
 * is decorative. Without an asset host the shared drawn avatar (initials) stands in.
 */
export function ProviderPortrait({
  provider,
  eager = false,
}: {
  provider: { uuid: string; firstname: string; lastname: string; avatar_url?: string | null };
  /** The first cards of a list (above the fold): fetched at once. */
  eager?: boolean;
}) {
  const assetHost = isRuntimeConfigLoaded() ? getRuntimeConfig().assetHost : undefined;
  const src = avatarImage(provider.avatar_url ?? null, assetHost);
  if (!src) {
    return (
      <span className="hv-provider-portrait hv-provider-portrait--drawn">
        <Avatar person={{ uuid: provider.uuid, first_name: provider.firstname, last_name: provider.lastname }} size="lg" decorative />
      </span>
    );
  }
  return (
    <img
      className="hv-provider-portrait"
      src={src}
      width={PORTRAIT_PX}
      height={PORTRAIT_PX}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-testid="provider-portrait"
    />
  );
}
