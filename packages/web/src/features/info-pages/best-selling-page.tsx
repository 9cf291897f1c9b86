import { ButtonLink } from '../../components/button';
import { ChartIcon, HeartIcon, StarIcon, UsersIcon } from '../../components/icons';
import { InfoPage } from './info-page';

export default function BestSellingPage() {
  return (
    <InfoPage
      eyebrow="Reader favourites"
      title="Best Selling"
      lead="The books our readers keep coming back for. Ranked by orders placed at Pustak, updated as new orders come in."
      icon={<ChartIcon size={220} />}
      actions={
        <ButtonLink to="/books" variant="warm" size="lg">
          Browse all books
        </ButtonLink>
      }
      points={[
        { icon: <UsersIcon />, title: 'Chosen by readers', text: 'Rankings come from real orders, not advertising.' },
        { icon: <StarIcon />, title: 'Well reviewed', text: 'See ratings and reviews on every book page.' },
        { icon: <HeartIcon />, title: 'Save for later', text: 'Add favourites to your wishlist with one tap.' },
      ]}
    />
  );
}
