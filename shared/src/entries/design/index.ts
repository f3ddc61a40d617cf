// `@haven/shared/design`: the design language's controls and pictures (docs/design-language.md). Not a
// Module Federation singleton: it holds no state, so each chunk that imports it bundles only what it uses
// (tree-shaken), and a route that shows none of it pays nothing, not even a share-table line.
// Buttons, avatars, spinners and the page frame stay in the root: every page draws them. Tokens are
// `shared/src/pure/tokens.css`, imported by each component's stylesheet chain.
export { Select, type SelectProps, type SelectOption, type SelectGroup } from './ui/Select/Select';
export { AnswerCards, type AnswerCardsProps, type AnswerOption } from './ui/AnswerCards/AnswerCards';
export { FileDropZone, type FileDropZoneProps } from './ui/FileDropZone/FileDropZone';
export { Toggle, type ToggleProps } from './ui/Toggle/Toggle';
export { Disclosure, type DisclosureProps } from './ui/Disclosure/Disclosure';
export { Chip, type ChipProps } from './ui/Chip/Chip';
export { Card, type CardProps } from './ui/Card/Card';
export { Badge, type BadgeProps, type BadgeTone } from './ui/Badge/Badge';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState/EmptyState';
export { LoadFailed, type LoadFailedProps } from './ui/LoadFailed/LoadFailed';
export { LoadState, type LoadStateProps } from './ui/LoadState/LoadState';
export { HeroIllustration } from '../../pure/illustrations/HeroIllustration';
export { EmptyIllustration } from '../../pure/illustrations/EmptyIllustration';
export { ErrorIllustration } from '../../pure/illustrations/ErrorIllustration';
export { WelcomeIllustration } from '../../pure/illustrations/WelcomeIllustration';
export type { IllustrationProps } from '../../pure/illustrations/Illustration';
export * from '../../pure/icons';
