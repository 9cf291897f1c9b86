import { ButtonLink } from '../../components/button';
import { CartIcon, PackageIcon, ShieldIcon, TagIcon } from '../../components/icons';
import { InfoPage } from './info-page';

export default function ShopPage() {
  return (
    <InfoPage
      eyebrow="Current offers"
      title="Shop the Offer"
      lead="You followed our announcement — welcome! Pick your books, add them to the cart and collect your order in store with your claim code."
      icon={<CartIcon size={220} />}
      actions={
        <>
          <ButtonLink to="/books" variant="warm" size="lg">
            Start shopping
          </ButtonLink>
          <ButtonLink to="/deal-of-the-day" variant="secondary" size="lg">
            Deal of the Day
          </ButtonLink>
        </>
      }
      points={[
        { icon: <TagIcon />, title: 'Cart discount', text: '5% off automatically when you order 5 or more books.' },
        { icon: <PackageIcon />, title: 'Pickup with a code', text: 'Each order gets a claim code; staff verify it at the counter.' },
        { icon: <ShieldIcon />, title: 'Cancel anytime', text: 'Pending orders can be cancelled from My Orders.' },
      ]}
    />
  );
}
