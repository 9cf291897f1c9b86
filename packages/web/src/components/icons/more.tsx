// Every other icon: loaded with the pages that use them.
import { createIcon } from './create-icon';

export const ChevronLeftIcon = /* @__PURE__ */ createIcon('ChevronLeft', <path d="M15 18l-6-6 6-6" />);
export const ChevronRightIcon = /* @__PURE__ */ createIcon('ChevronRight', <path d="M9 18l6-6-6-6" />);
export const ChevronsLeftIcon = /* @__PURE__ */ createIcon('ChevronsLeft', <path d="M11 17l-5-5 5-5M18 17l-5-5 5-5" />);
export const ChevronsRightIcon = /* @__PURE__ */ createIcon('ChevronsRight', <path d="M13 17l5-5-5-5M6 17l5-5-5-5" />);
export const StarIcon = /* @__PURE__ */ createIcon(
  'Star',
  <path d="M12 2.5l2.95 6 6.55.95-4.75 4.6 1.12 6.52L12 17.5l-5.87 3.07 1.12-6.52L2.5 9.45l6.55-.95z" />,
  true,
);
export const StarOutlineIcon = /* @__PURE__ */ createIcon(
  'StarOutline',
  <path d="M12 2.5l2.95 6 6.55.95-4.75 4.6 1.12 6.52L12 17.5l-5.87 3.07 1.12-6.52L2.5 9.45l6.55-.95z" />,
);
export const PlusIcon = /* @__PURE__ */ createIcon('Plus', <path d="M12 5v14M5 12h14" />);
export const MinusIcon = /* @__PURE__ */ createIcon('Minus', <path d="M5 12h14" />);
export const EditIcon = /* @__PURE__ */ createIcon(
  'Edit',
  <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />,
);
export const CheckIcon = /* @__PURE__ */ createIcon('Check', <path d="M20 6L9 17l-5-5" />);
export const LogoutIcon = /* @__PURE__ */ createIcon(
  'Logout',
  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
);
export const GridIcon = /* @__PURE__ */ createIcon(
  'Grid',
  <path d="M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z" />,
);
export const ListIcon = /* @__PURE__ */ createIcon('List', <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />);
export const PhoneIcon = /* @__PURE__ */ createIcon(
  'Phone',
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />,
);
export const MailIcon = /* @__PURE__ */ createIcon(
  'Mail',
  <>
    <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
    <path d="M3 6l9 7 9-7" />
  </>,
);
export const MapPinIcon = /* @__PURE__ */ createIcon(
  'MapPin',
  <>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
export const HomeIcon = /* @__PURE__ */ createIcon(
  'Home',
  <>
    <path d="M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </>,
);
export const UsersIcon = /* @__PURE__ */ createIcon(
  'Users',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);
export const ChartIcon = /* @__PURE__ */ createIcon('Chart', <path d="M3 3v18h18M8 17V11M13 17V7M18 17v-4" />);
export const MegaphoneIcon = /* @__PURE__ */ createIcon(
  'Megaphone',
  <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />,
);
export const SettingsIcon = /* @__PURE__ */ createIcon(
  'Settings',
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
);
export const FileIcon = /* @__PURE__ */ createIcon(
  'File',
  <>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6M9 13h6M9 17h6" />
  </>,
);
export const EyeIcon = /* @__PURE__ */ createIcon(
  'Eye',
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = /* @__PURE__ */ createIcon(
  'EyeOff',
  <>
    <path d="M9.9 4.24A9.1 9.1 0 0 1 12 4c6.5 0 10 8 10 8a17 17 0 0 1-2.16 3.19M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M14.1 14.1a3 3 0 1 1-4.2-4.2M2 2l20 20" />
  </>,
);
export const HeartIcon = /* @__PURE__ */ createIcon(
  'Heart',
  <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z" />,
);
export const HeartFilledIcon = /* @__PURE__ */ createIcon(
  'HeartFilled',
  <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z" />,
  true,
);
export const CartIcon = /* @__PURE__ */ createIcon(
  'Cart',
  <>
    <circle cx="9" cy="20" r="1.4" />
    <circle cx="18" cy="20" r="1.4" />
    <path d="M2.5 3h2.6l2.2 11.2a2 2 0 0 0 2 1.6h8.3a2 2 0 0 0 2-1.5L21.5 7H6" />
  </>,
);
export const TrashIcon = /* @__PURE__ */ createIcon(
  'Trash',
  <path d="M3 6h18M8 6V4h8v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />,
);
export const ClockIcon = /* @__PURE__ */ createIcon(
  'Clock',
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const TagIcon = /* @__PURE__ */ createIcon(
  'Tag',
  <>
    <path d="M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z" />
    <path d="M7 7h.01" />
  </>,
);
export const PackageIcon = /* @__PURE__ */ createIcon(
  'Package',
  <>
    <path d="M21 16V8a2 2 0 0 0-1-1.7l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.7l7 4a2 2 0 0 0 2 0l7-4a2 2 0 0 0 1-1.7z" />
    <path d="M3.3 7L12 12l8.7-5M12 22V12" />
  </>,
);
export const RefreshIcon = /* @__PURE__ */ createIcon(
  'Refresh',
  <path d="M21 12a9 9 0 1 1-2.6-6.4L21 8M21 3v5h-5" />,
);
export const ArrowRightIcon = /* @__PURE__ */ createIcon('ArrowRight', <path d="M5 12h14M13 6l6 6-6 6" />);
export const TruckIcon = /* @__PURE__ */ createIcon(
  'Truck',
  <>
    <path d="M1 4h14v12H1zM15 9h4l3 3v4h-7" />
    <circle cx="6" cy="18.5" r="2" />
    <circle cx="18" cy="18.5" r="2" />
  </>,
);
export const ShieldIcon = /* @__PURE__ */ createIcon('Shield', <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />);
