import { ButtonLink } from '../../components/button';
import { BookIcon, ClockIcon, StarIcon, TruckIcon } from '../../components/icons';
import { InfoPage } from './info-page';

export default function NewArrivalsPage() {
  return (
    <InfoPage
      eyebrow="Fresh on the shelves"
      title="New Arrivals"
      lead="The newest books to land at Pustak this month — novels, memoirs and field guides, straight from the publishers to our Kathmandu shelves."
      icon={<BookIcon size={220} />}
      actions={
        <>
          <ButtonLink to="/books?sortBy=newestarrivals" variant="warm" size="lg">
            Browse new arrivals
          </ButtonLink>
          <ButtonLink to="/books" variant="secondary" size="lg">
            All books
          </ButtonLink>
        </>
      }
      points={[
        { icon: <ClockIcon />, title: 'Added every week', text: 'New titles arrive every Sunday and Wednesday.' },
        { icon: <StarIcon />, title: 'Hand-picked', text: 'Our booksellers read widely so you find the good ones first.' },
        { icon: <TruckIcon />, title: 'Fast delivery', text: 'Available within 1 to 2 days across the valley.' },
      ]}
    />
  );
}
