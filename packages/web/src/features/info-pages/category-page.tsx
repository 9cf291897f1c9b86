import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { BookIcon, StarIcon, TruckIcon } from '../../components/icons';
import { InfoPage } from './info-page';
import NotFoundPage from './not-found-page';

interface Category {
  title: string;
  lead: string;
  /** A catalogue genre (GENRES) this category maps to, for the /books?genre= link. */
  genre?: string;
  cta: string;
}

const CATEGORIES: Record<string, Category> = {
  fiction: {
    title: 'Fiction',
    lead: 'Novels and short stories from Nepal and around the world — from Laxmi Prasad Devkota to today’s debut authors.',
    genre: 'Fiction',
    cta: 'Browse fiction',
  },
  'non-fiction': {
    title: 'Non-Fiction',
    lead: 'History, memoir, travel, science and ideas: true stories, well told.',
    genre: 'Non-Fiction',
    cta: 'Browse non-fiction',
  },
  children: {
    title: "Children's Books",
    lead: 'Picture books, first readers and adventures for young minds, in Nepali and English.',
    cta: 'Browse all books',
  },
  academic: {
    title: 'Academic',
    lead: 'Textbooks, references and study guides for school, +2 and university courses.',
    cta: 'Browse all books',
  },
};

/** /category/fiction | non-fiction | children | academic; any other slug is not found. */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const category = CATEGORIES[slug];
  if (!category) return <NotFoundPage />;
  const to = category.genre ? `/books?genre=${encodeURIComponent(category.genre)}` : '/books';
  return (
    <InfoPage
      eyebrow="Category"
      title={category.title}
      lead={category.lead}
      icon={<BookIcon size={220} />}
      actions={
        <ButtonLink to={to} variant="warm" size="lg">
          {category.cta}
        </ButtonLink>
      }
      points={[
        { icon: <StarIcon />, title: 'Curated shelves', text: `Our booksellers keep the ${category.title.toLowerCase()} shelf fresh.` },
        { icon: <BookIcon />, title: 'Every format', text: 'Paperbacks, hardcovers and special editions.' },
        { icon: <TruckIcon />, title: '1 to 2 days', text: 'Delivered or ready for pickup in Kathmandu.' },
      ]}
    />
  );
}
