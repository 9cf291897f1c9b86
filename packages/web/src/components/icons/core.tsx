// Icons the storefront's first paint uses (header, home, book cards, toasts). Kept apart
// from the rest so the first load carries only these; `npm run size` shows the effect.
import { createIcon } from './create-icon';

export const BellIcon = /* @__PURE__ */ createIcon(
  'Bell',
  <>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);
export const UserIcon = /* @__PURE__ */ createIcon(
  'User',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const MenuIcon = /* @__PURE__ */ createIcon('Menu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = /* @__PURE__ */ createIcon('Close', <path d="M6 6l12 12M18 6L6 18" />);
export const ChevronDownIcon = /* @__PURE__ */ createIcon('ChevronDown', <path d="M6 9l6 6 6-6" />);
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
export const SearchIcon = /* @__PURE__ */ createIcon(
  'Search',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
);
export const TrashIcon = /* @__PURE__ */ createIcon(
  'Trash',
  <path d="M3 6h18M8 6V4h8v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />,
);
export const BookIcon = /* @__PURE__ */ createIcon(
  'Book',
  <>
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20" />
    <path d="M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z" />
  </>,
);
export const CheckCircleIcon = /* @__PURE__ */ createIcon(
  'CheckCircle',
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M8 12.5l2.8 2.8L16.5 9.5" />
  </>,
);
export const AlertIcon = /* @__PURE__ */ createIcon(
  'Alert',
  <>
    <path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
export const InfoIcon = /* @__PURE__ */ createIcon(
  'Info',
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 16v-4M12 8h.01" />
  </>,
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
