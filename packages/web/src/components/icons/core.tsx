// Icons the storefront's first script uses (header, hero, toasts, form errors). Kept apart from
// the rest so the first load carries only these; `npm run size` shows the effect.
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
export const SearchIcon = /* @__PURE__ */ createIcon(
  'Search',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
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
