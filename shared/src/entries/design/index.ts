// `@haven/shared/design`: the design language's controls and pictures (docs/design-language.md), a Module
// Federation singleton of its own, downloaded by the routes that show them (the first paint of a route that
// does not is not charged for them). The empty state is in `@haven/shared/form-kit`, beside <LoadState>.
// Buttons, avatars, spinners and the page frame stay in the root: every
// page draws them. Tokens are `shared/src/pure/tokens.css`, imported by each component's stylesheet chain.
export { Select, type SelectProps, type SelectOption } from './ui/Select/Select';
export { AnswerCards, type AnswerCardsProps, type AnswerOption } from './ui/AnswerCards/AnswerCards';
export { FileDropZone, type FileDropZoneProps } from './ui/FileDropZone/FileDropZone';
export { Toggle, type ToggleProps } from './ui/Toggle/Toggle';
export { Chip, type ChipProps } from './ui/Chip/Chip';
export { Card, type CardProps } from './ui/Card/Card';
export { Badge, type BadgeProps, type BadgeTone } from './ui/Badge/Badge';
export { HeroIllustration } from '../../pure/illustrations/HeroIllustration';
export { EmptyIllustration } from '../../pure/illustrations/EmptyIllustration';
export { ErrorIllustration } from '../../pure/illustrations/ErrorIllustration';
export { WelcomeIllustration } from '../../pure/illustrations/WelcomeIllustration';
export type { IllustrationProps } from '../../pure/illustrations/Illustration';
export * from '../../pure/icons';
