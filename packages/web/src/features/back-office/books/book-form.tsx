import { type BookInput, serverMessageOf } from '@pustak/sdk';
import { BOOK_FORMATS, type BookFormValues, GENRES, fromDateInputValue, validateBookForm } from '@pustak/sdk/domain';
import { type ChangeEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { InlineError, Panel } from '../../../components/back-office/back-office-ui';
import { BookCover } from '../../../components/book-cover';
import { Button, ButtonLink } from '../../../components/button';
import { TextField } from '../../../components/form-fields';
import { SelectField, Textarea, Toggle } from '../../../components/form-controls';
import { FileIcon } from '../../../components/icons';
import { type FormErrors, useForm } from '../../../lib/use-form';
import { safeImageSrc } from '../../../lib/safe-image-src';
import styles from './book-form.module.css';
import { type BookFormState, toBookInput } from './book-form-values';

/** The spec's checks, plus a publication date the form can turn into a timestamp. */
function validateBook(values: BookFormState): FormErrors<keyof BookFormValues> {
  const errors = validateBookForm(values);
  if (!errors.publicationDate && !fromDateInputValue(values.publicationDate)) {
    errors.publicationDate = 'Publication date is not a valid date';
  }
  return errors;
}

const GENRE_OPTIONS = GENRES.map((genre) => ({ value: genre, label: genre }));
const FORMAT_OPTIONS = BOOK_FORMATS.map((format) => ({ value: format, label: format }));

const IMAGE_HINTS = {
  add: 'JPG or PNG, 300×450 pixels',
  edit: 'PNG, JPG, GIF up to 5MB',
} as const;

export interface BookFormProps {
  mode: 'add' | 'edit';
  initial: BookFormState;
  /** The book's current cover (Edit), shown until a new file is chosen. */
  currentImageUrl?: string | null;
  cancelTo: string;
  submitLabel: string;
  /** Shown when saving fails, e.g. 'Failed to update book. Please check your input.' */
  failureText: string;
  /** Sends the form. Resolve when saved (the page toasts and navigates); reject on failure. */
  onSave: (input: BookInput) => Promise<void>;
}

type Failure = { text: string; detail: string | null };

/**
 * The Add Book / Edit Book form (spec section 5): every field required, checked with
 * validateBookForm; errors inline with focus on the first; the button reads Processing...
 * while saving. A failed save keeps everything that was typed.
 */
export function BookForm({ mode, initial, currentImageUrl, cancelTo, submitLabel, failureText, onSave }: BookFormProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const form = useForm<BookFormState, Failure>({ initial, validate: validateBook });
  const { values, failure, busy } = form;
  const [file, setFile] = useState<File | null>(null);

  const previewUrl = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const text = (field: keyof BookFormValues) => ({ ...form.field(field), required: true });

  const flag = (field: 'isOnSale' | 'availableInLibrary' | 'awardWinners') => ({
    name: field,
    checked: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.set(field, event.target.checked),
  });

  // Saved: the button stays busy while the page shows its toast and moves on.
  const submit = form.submit((checked) => onSave(toBookInput(checked, file)), {
    failure: (error) => ({ text: failureText, detail: serverMessageOf(error) }),
    log: `${mode === 'add' ? 'Create' : 'Update'} book failed`,
    stayBusy: true,
  });

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
  };
  const clearFile = () => {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  // The server's cover address goes into <img> only when it is http(s) or same-origin.
  const shownCover = previewUrl ?? safeImageSrc(currentImageUrl);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <div className={styles.main}>
        <FormSection id="book-form-details" title="Book details">
          <div className={styles.fields}>
            <TextField label="Title" {...text('title')} className={styles.wide} autoComplete="off" />
            <TextField label="Author" {...text('author')} autoComplete="off" />
            <SelectField label="Genre" placeholder="Select genre" options={GENRE_OPTIONS} {...text('genre')} />
            <SelectField label="Format" placeholder="Select format" options={FORMAT_OPTIONS} {...text('format')} />
            <TextField label="ISBN" {...text('isbn')} autoComplete="off" />
            <TextField label="Language" {...text('language')} />
            <TextField label="Publisher" {...text('publisher')} />
            <TextField label="Publication date" type="date" {...text('publicationDate')} />
          </div>
        </FormSection>

        <FormSection id="book-form-pricing" title="Price and stock">
          <div className={styles.fieldsThree}>
            <TextField label="Price (Rs.)" type="number" inputMode="decimal" min={0} step={0.01} {...text('price')} />
            <TextField
              label="Discount (%)"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.1}
              {...text('discount')}
            />
            <TextField label="Quantity" type="number" inputMode="numeric" min={0} step={1} {...text('quantity')} />
          </div>
        </FormSection>

        <Panel>
          <Textarea label="Description" rows={6} {...text('description')} />
        </Panel>
      </div>

      <aside className={styles.side}>
        <FormSection id="book-form-cover" title="Cover image">
          <div className={styles.coverPreview}>
            {shownCover ? (
              <img
                src={shownCover}
                alt={previewUrl ? 'Preview of the chosen cover' : 'Current cover'}
                className={styles.coverImage}
              />
            ) : (
              <BookCover src={null} title={values.title || 'the new book'} label={`Cover of ${values.title || 'the new book'}`} />
            )}
          </div>
          <div className={styles.fileField}>
            <label htmlFor="book-cover-file" className={styles.fileLabel}>
              <FileIcon size={18} />
              {file ? 'Choose another image' : 'Choose an image'}
            </label>
            <input
              ref={fileRef}
              id="book-cover-file"
              name="image"
              type="file"
              accept="image/*"
              className={styles.fileInput}
              aria-describedby="book-cover-hint"
              onChange={chooseFile}
            />
            <p id="book-cover-hint" className={styles.hint}>
              {IMAGE_HINTS[mode]}
              {mode === 'edit' ? '. Leave empty to keep the current cover.' : '. Optional.'}
            </p>
            {file ? (
              <p className={styles.fileName}>
                <span>{file.name}</span>
                <Button variant="ghost" size="sm" onClick={clearFile}>
                  Remove
                </Button>
              </p>
            ) : null}
          </div>
        </FormSection>

        <FormSection id="book-form-options" title="Options">
          <div className={styles.toggles}>
            <Toggle label="On sale" {...flag('isOnSale')} />
            <Toggle label="Available in library" {...flag('availableInLibrary')} />
            <Toggle label="Award winner" {...flag('awardWinners')} />
          </div>
        </FormSection>
      </aside>

      <div className={styles.actions}>
        {failure ? (
          <InlineError>
            {failure.text}
            {failure.detail ? <span className={styles.detail}> {failure.detail}</span> : null}
          </InlineError>
        ) : null}
        <div className={styles.buttons}>
          <ButtonLink to={cancelTo} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={busy} loadingText="Processing...">
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** One titled part of the form, in its own panel (named by its heading). */
function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Panel labelledBy={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </Panel>
  );
}
