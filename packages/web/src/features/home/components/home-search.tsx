import { DEFAULT_BOOKS_QUERY, toBooksSearchParams } from '@pustak/sdk/domain';
import { useNavigate } from 'react-router';
import { SearchBox } from '../../books';

/** The hero search: takes the visitor to /books?search=… (the legacy box did nothing). */
export function HomeSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <SearchBox
      size="lg"
      label="Search the catalogue"
      placeholder="Title or author"
      className={className}
      onSearch={(search) => {
        const query = toBooksSearchParams({ ...DEFAULT_BOOKS_QUERY, search }).toString();
        navigate(query ? `/books?${query}` : '/books');
      }}
    />
  );
}
