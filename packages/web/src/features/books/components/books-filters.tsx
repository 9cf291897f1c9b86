import { type BooksQueryState, GENRES, type GenreName, SORT_OPTIONS, type SortByValue } from '@pustak/sdk/domain';
import { useId, useState } from 'react';
import { Button, ChevronDownIcon, CloseIcon, SelectField } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from './books-filters.module.css';

type Change = (patch: Partial<BooksQueryState>) => void;

interface FilterProps {
  state: BooksQueryState;
  onChange: Change;
  onClearAll: () => void;
}

/** True when a genre, a sort or a search is applied. */
export function hasFilters(state: BooksQueryState): boolean {
  return state.genre !== '' || state.sortBy !== '' || state.search !== '';
}

const sortLabel = (value: SortByValue) => SORT_OPTIONS.find((o) => o.value === value)?.label ?? value;

/**
 * The filter sidebar: one genre at a time (radios), Sort By and Clear All. On phones it
 * collapses behind a Filters disclosure; from 1024 px it is always open.
 */
export function BooksFilters({ state, onChange, onClearAll }: FilterProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const genreName = useId();
  const applied = (state.genre ? 1 : 0) + (state.sortBy ? 1 : 0) + (state.search ? 1 : 0);

  return (
    <aside className={styles.sidebar} aria-label="Filters">
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          Filters{applied ? <span className={styles.count}> ({applied} applied)</span> : null}
        </span>
        <ChevronDownIcon size={18} className={cx(styles.chevron, open && styles.chevronOpen)} />
      </button>
      <div id={panelId} className={cx(styles.panel, open && styles.panelOpen)}>
        <div className={styles.panelHead}>
          <h2 className={styles.heading}>Filters</h2>
          <Button variant="ghost" size="sm" onClick={onClearAll} disabled={!hasFilters(state)}>
            Clear All
          </Button>
        </div>

        <SelectField
          label="Sort By"
          value={state.sortBy}
          onChange={(event) => onChange({ sortBy: event.target.value as SortByValue })}
          options={SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
        />

        <fieldset className={styles.genres}>
          <legend className={styles.legend}>Genre</legend>
          <label className={cx(styles.genre, state.genre === '' && styles.genreOn)}>
            <input
              type="radio"
              name={genreName}
              value=""
              checked={state.genre === ''}
              onChange={() => onChange({ genre: '' })}
            />
            All genres
          </label>
          {GENRES.map((genre) => (
            <label key={genre} className={cx(styles.genre, state.genre === genre && styles.genreOn)}>
              <input
                type="radio"
                name={genreName}
                value={genre}
                checked={state.genre === genre}
                onChange={() => onChange({ genre: genre as GenreName })}
              />
              {genre}
            </label>
          ))}
        </fieldset>
      </div>
    </aside>
  );
}

/** The applied filters as removable chips, plus Clear All. Nothing when no filter is applied. */
export function FilterChips({ state, onChange, onClearAll }: FilterProps) {
  if (!hasFilters(state)) return null;
  const chips: { key: string; label: string; clear: Partial<BooksQueryState> }[] = [];
  if (state.genre) chips.push({ key: 'genre', label: `Genre: ${state.genre}`, clear: { genre: '' } });
  if (state.sortBy) chips.push({ key: 'sort', label: `Sort: ${sortLabel(state.sortBy)}`, clear: { sortBy: '' } });
  if (state.search) chips.push({ key: 'search', label: `Search: “${state.search}”`, clear: { search: '' } });
  return (
    <div className={styles.chipsRow}>
      <ul className={styles.chips} aria-label="Applied filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className={styles.chip}
              onClick={() => onChange(chip.clear)}
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label}
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClearAll} className={styles.clearAll}>
        Clear All
      </Button>
    </div>
  );
}
