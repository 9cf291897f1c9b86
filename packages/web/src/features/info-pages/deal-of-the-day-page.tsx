import { ButtonLink } from '../../components/button';
import { ClockIcon, TagIcon, TruckIcon } from '../../components/icons';
import { InfoPage } from './info-page';

export default function DealOfTheDayPage() {
  return (
    <InfoPage
      eyebrow="Limited time"
      title="Deal of the Day"
      lead="Timed discounts on selected books. Each deal runs only while its countdown does — when the clock reaches zero, the price goes back."
      icon={<TagIcon size={220} />}
      actions={
        <ButtonLink to="/books" variant="warm" size="lg">
          Find today's deals
        </ButtonLink>
      }
      points={[
        { icon: <TagIcon />, title: 'Real discounts', text: 'The sale price and the original price are always shown side by side.' },
        { icon: <ClockIcon />, title: 'Live countdown', text: 'Every deal shows exactly how long it has left.' },
        { icon: <TruckIcon />, title: 'Same fast delivery', text: 'Deal books ship just like the rest: 1 to 2 days.' },
      ]}
    />
  );
}
