import { type Announcement, type AnnouncementInput, type BannerColor } from '@pustak/sdk';
import { BANNER_COLORS, defaultNewBanner, fromDateInputValue, toDateInputValue } from '@pustak/sdk/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField, Textarea, Toggle } from '../../components/form-fields';
import { CheckIcon } from '../../components/icons';
import { serverMessage } from '../../lib/errors';
import { cx } from '../../lib/cx';
import { InlineError } from '../back-office/back-office-ui';
import styles from './admin-banners.module.css';
import { BannerPreview } from './banner-preview';

/** The form's values: times as datetime-local text, as the inputs hold them. */
export type BannerFormValues = {
  message: string;
  start: string;
  end: string;
  isPinned: boolean;
  color: BannerColor;
  textColor: string;
};

type BannerErrors = Partial<Record<'message' | 'start' | 'end', string>>;

/** A new banner: pinned, Blue with white text, from now to 30 days later (defaultNewBanner). */
export function newBannerValues(now: Date): BannerFormValues {
  const draft = defaultNewBanner(now);
  return {
    message: draft.message,
    start: toDateInputValue(draft.startTime, 'datetime-local'),
    end: toDateInputValue(draft.endTime, 'datetime-local'),
    isPinned: draft.isPinned,
    color: draft.color,
    textColor: draft.textColor,
  };
}

export function bannerValuesOf(banner: Announcement): BannerFormValues {
  return {
    message: banner.message,
    start: toDateInputValue(banner.startTime, 'datetime-local'),
    end: toDateInputValue(banner.endTime, 'datetime-local'),
    isPinned: banner.isPinned,
    color: banner.color,
    textColor: banner.textColor,
  };
}

const HEX = /^#[0-9a-f]{6}$/i;

export interface BannerEditorProps {
  open: boolean;
  /** The banner being edited, or null for a new one. */
  banner: Announcement | null;
  initial: BannerFormValues;
  onClose: () => void;
  /** Sends the banner; reject to keep the dialog open with an error. */
  onSave: (input: AnnouncementInput) => Promise<void>;
}

/** Add/edit banner dialog with a live preview. A failed save keeps everything typed. */
export function BannerEditor({ open, banner, initial, onClose, onSave }: BannerEditorProps) {
  return (
    <Dialog open={open} onClose={onClose} title={banner ? 'Edit Banner' : 'Add Banner'} size="lg">
      {open ? <BannerForm initial={initial} onCancel={onClose} onSave={onSave} isNew={!banner} /> : null}
    </Dialog>
  );
}

function BannerForm({
  initial,
  isNew,
  onCancel,
  onSave,
}: {
  initial: BannerFormValues;
  isNew: boolean;
  onCancel: () => void;
  onSave: (input: AnnouncementInput) => Promise<void>;
}) {
  const [values, setValues] = useState<BannerFormValues>(initial);
  const [errors, setErrors] = useState<BannerErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const colorName = useId();

  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const startTime = fromDateInputValue(values.start);
  const endTime = fromDateInputValue(values.end);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: BannerErrors = {};
    if (!values.message.trim()) found.message = 'Message is required';
    if (!startTime) found.start = 'Choose when the banner starts';
    if (!endTime) found.end = 'Choose when the banner ends';
    setErrors(found);
    if (found.message || !startTime || !endTime) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSave({
        message: values.message.trim(),
        startTime,
        endTime,
        isPinned: values.isPinned,
        color: values.color,
        textColor: values.textColor,
      });
    } catch (error) {
      // Spec: banner failures were only logged; here the dialog says so and keeps the input.
      console.error('Saving the banner failed', error);
      setFailure(serverMessage(error) ?? 'The banner was not saved. Please try again.');
      setBusy(false);
    }
  };

  return (
    <form className={styles.editor} onSubmit={submit} noValidate>
      <Textarea
        label="Message"
        rows={2}
        required
        value={values.message}
        error={errors.message}
        onChange={(event) => set('message', event.target.value)}
      />
      <div className={styles.editorDates}>
        <TextField
          label="Start"
          type="datetime-local"
          required
          value={values.start}
          error={errors.start}
          onChange={(event) => set('start', event.target.value)}
        />
        <TextField
          label="End"
          type="datetime-local"
          required
          value={values.end}
          error={errors.end}
          onChange={(event) => set('end', event.target.value)}
        />
      </div>
      <fieldset className={styles.colors}>
        <legend className={styles.legend}>Colour</legend>
        <div className={styles.swatches}>
          {BANNER_COLORS.map((option) => {
            const checked = values.color === option.name;
            return (
              <label key={option.name} className={cx(styles.swatch, checked && styles.swatchOn)}>
                <input
                  type="radio"
                  name={colorName}
                  value={option.name}
                  checked={checked}
                  className="visually-hidden"
                  onChange={() => {
                    set('color', option.name);
                    set('textColor', option.textColor);
                  }}
                />
                <span className={styles.swatchChip} style={option.previewStyle} aria-hidden="true">
                  {checked ? <CheckIcon size={16} /> : 'Aa'}
                </span>
                <span className={styles.swatchName}>{option.name}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className={styles.editorRow}>
        <label className={styles.textColor}>
          <input
            type="color"
            value={HEX.test(values.textColor) ? values.textColor : '#ffffff'}
            onChange={(event) => set('textColor', event.target.value)}
            className={styles.colorInput}
          />
          <span>Text colour</span>
        </label>
        <Toggle label="Pinned (shown on the storefront while it runs)" checked={values.isPinned} onChange={(event) => set('isPinned', event.target.checked)} />
      </div>
      <div>
        <p className={styles.legend}>Preview</p>
        <BannerPreview
          banner={{ message: values.message, startTime, endTime, color: values.color, textColor: values.textColor }}
        />
      </div>
      {failure ? <InlineError>{failure}</InlineError> : null}
      <div className={styles.editorButtons}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText="Processing...">
          {isNew ? 'Add Banner' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
