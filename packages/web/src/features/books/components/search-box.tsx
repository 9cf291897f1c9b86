import { type FormEvent, useState } from 'react';
import { Button, SearchIcon, TextField } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  /** Text to start with (the URL's search); remount with a new `key` to follow it. */
  initial?: string;
  onSearch: (text: string) => void;
  label?: string;
  placeholder?: string;
  size?: 'md' | 'lg';
  className?: string;
}

/** A search form (role=search): the text is applied on submit, not on every keystroke. */
export function SearchBox({
  initial = '',
  onSearch,
  label = 'Search books',
  placeholder = 'Title or author',
  size = 'md',
  className,
}: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={cx(styles.form, size === 'lg' && styles.large, className)}>
      <TextField
        label={label}
        hideLabel
        type="search"
        name="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        leading={<SearchIcon size={18} />}
        className={styles.field}
        inputClassName={styles.input}
        autoComplete="off"
        enterKeyHint="search"
      />
      <Button type="submit" variant={size === 'lg' ? 'warm' : 'primary'} size={size === 'lg' ? 'lg' : 'md'} className={styles.button}>
        Search
      </Button>
    </form>
  );
}
