import { type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/button';
import {
  BookIcon,
  CartIcon,
  ChartIcon,
  ClockIcon,
  HeartIcon,
  PackageIcon,
  ShieldIcon,
  StarIcon,
  TagIcon,
  TruckIcon,
  UsersIcon,
} from '../../components/icons';
import { InfoPage, type InfoPoint } from './info-page';

type Link = [to: string, label: string];

interface PromoPage {
  eyebrow: string;
  title: string;
  lead: string;
  icon: ReactNode;
  /** The warm call to action, then an optional quieter second link. */
  links: [Link, Link?];
  points: InfoPoint[];
}

const point = (icon: ReactNode, title: string, text: string): InfoPoint => ({ icon, title, text });

/** The header's and banner's landing pages (the spec shows no content for them). */
const PAGES: Record<string, PromoPage> = {
  '/new-arrivals': {
    eyebrow: 'Fresh on the shelves',
    title: 'New Arrivals',
    lead: 'The newest books to land at Pustak this month — novels, memoirs and field guides, straight from the publishers to our Kathmandu shelves.',
    icon: <BookIcon size={220} />,
    links: [['/books?sortBy=newestarrivals', 'Browse new arrivals'], ['/books', 'All books']],
    points: [
      point(<ClockIcon />, 'Added every week', 'New titles arrive every Sunday and Wednesday.'),
      point(<StarIcon />, 'Hand-picked', 'Our booksellers read widely so you find the good ones first.'),
      point(<TruckIcon />, 'Fast delivery', 'Available within 1 to 2 days across the valley.'),
    ],
  },
  '/best-selling': {
    eyebrow: 'Reader favourites',
    title: 'Best Selling',
    lead: 'The books our readers keep coming back for. Ranked by orders placed at Pustak, updated as new orders come in.',
    icon: <ChartIcon size={220} />,
    links: [['/books', 'Browse all books']],
    points: [
      point(<UsersIcon />, 'Chosen by readers', 'Rankings come from real orders, not advertising.'),
      point(<StarIcon />, 'Well reviewed', 'See ratings and reviews on every book page.'),
      point(<HeartIcon />, 'Save for later', 'Add favourites to your wishlist with one tap.'),
    ],
  },
  '/deal-of-the-day': {
    eyebrow: 'Limited time',
    title: 'Deal of the Day',
    lead: 'Timed discounts on selected books. Each deal runs only while its countdown does — when the clock reaches zero, the price goes back.',
    icon: <TagIcon size={220} />,
    links: [['/books', "Find today's deals"]],
    points: [
      point(<TagIcon />, 'Real discounts', 'The sale price and the original price are always shown side by side.'),
      point(<ClockIcon />, 'Live countdown', 'Every deal shows exactly how long it has left.'),
      point(<TruckIcon />, 'Same fast delivery', 'Deal books ship just like the rest: 1 to 2 days.'),
    ],
  },
  '/shop': {
    eyebrow: 'Current offers',
    title: 'Shop the Offer',
    lead: 'You followed our announcement — welcome! Pick your books, add them to the cart and collect your order in store with your claim code.',
    icon: <CartIcon size={220} />,
    links: [['/books', 'Start shopping'], ['/deal-of-the-day', 'Deal of the Day']],
    points: [
      point(<TagIcon />, 'Cart discount', '5% off automatically when you order 5 or more books.'),
      point(<PackageIcon />, 'Pickup with a code', 'Each order gets a claim code; staff verify it at the counter.'),
      point(<ShieldIcon />, 'Cancel anytime', 'Pending orders can be cancelled from My Orders.'),
    ],
  },
};

/** /new-arrivals, /best-selling, /deal-of-the-day and /shop: what each is, and the way into the books. */
export default function PromoPage() {
  const { pathname } = useLocation();
  const page = PAGES[pathname.replace(/\/+$/, '')] ?? PAGES['/shop'];
  const [main, second] = page.links;
  return (
    <InfoPage
      eyebrow={page.eyebrow}
      title={page.title}
      lead={page.lead}
      icon={page.icon}
      points={page.points}
      actions={
        <>
          <ButtonLink to={main[0]} variant="warm" size="lg">
            {main[1]}
          </ButtonLink>
          {second ? (
            <ButtonLink to={second[0]} variant="secondary" size="lg">
              {second[1]}
            </ButtonLink>
          ) : null}
        </>
      }
    />
  );
}
