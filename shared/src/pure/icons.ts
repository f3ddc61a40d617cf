// The product's one icon set: Lucide's outline icons (ISC licence), 24 px grid, 2 px stroke, drawn as inline
// SVG by React (nothing fetched). Named here once so every screen reaches for the same picture of an idea;
// each is a separate module in lucide-react, so a bundle carries only the icons it imports.
export {
  AlertTriangle as IconWarning,
  ArrowLeft as IconBack,
  ArrowRight as IconForward,
  Calendar as IconCalendar,
  Check as IconCheck,
  ChevronDown as IconChevronDown,
  CircleAlert as IconError,
  Clock as IconClock,
  FileUp as IconUpload,
  Heart as IconHeart,
  Info as IconInfo,
  Languages as IconLanguages,
  LifeBuoy as IconCrisisHelp,
  Lock as IconLock,
  Mail as IconMail,
  MessageCircle as IconChat,
  Mic as IconMic,
  MicOff as IconMicOff,
  Phone as IconPhone,
  PhoneOff as IconHangUp,
  Search as IconSearch,
  ShieldCheck as IconPrivacy,
  Sparkles as IconNew,
  User as IconPerson,
  Users as IconFamily,
  Video as IconVideo,
  VideoOff as IconVideoOff,
  X as IconClose,
} from 'lucide-react';
export type { LucideIcon as Icon, LucideProps as IconProps } from 'lucide-react';
