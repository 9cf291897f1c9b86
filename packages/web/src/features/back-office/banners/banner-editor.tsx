import { type Announcement, type AnnouncementInput, type BannerBackground, serverMessageOf } from '@pustak/sdk';
import { BANNER_COLORS, defaultNewBanner, fromDateInputValue, toDateInputValue } from '@pustak/sdk/domain';
import { useId } from 'react';
import { DialogButtons, InlineError } from '../../../components/back-office/back-office-ui';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form-fields';
import { Textarea, Toggle } from '../../../components/form-controls';
import { CheckIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import { type FormErrors, useForm } from '../../../lib/use-form';
import styles from './admin-banners.module.css';
import { BannerPreview } from './banner-preview';

/** The form's values: times as datetime-local text, as the inputs hold them. */
export type BannerFormValues = {
  message: string;
  start: string;
  end: string;
  isPinned: boolean;
  /** A name, or the exact `bg-[#hex]` a legacy form chose: kept as is until a name is picked. */
  color: BannerBackground;
  textColor: string;
};

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

function validateBanner(values: BannerFormValues): FormErrors<'message' | 'start' | 'end'> {
  const errors: FormErrors<'message' | 'start' | 'end'> = {};
  if (!values.message.trim()) errors.message = 'Message is required';
  if (!fromDateInputValue(values.start)) errors.start = 'Choose when the banner starts';
  if (!fromDateInputValue(values.end)) errors.end = 'Choose when the banner ends';
  return errors;
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
  const form = useForm({ initial, validate: validateBanner });
  const { values, set } = form;
  const colorName = useId();
  const startTime = fromDateInputValue(values.start);
  const endTime = fromDateInputValue(values.end);

  const submit = form.submit(
    (checked) =>
      onSave({
        message: checked.message.trim(),
        startTime: fromDateInputValue(checked.start) as string,
        endTime: fromDateInputValue(checked.end) as string,
        isPinned: checked.isPinned,
        color: checked.color,
        textColor: checked.textColor,
      }),
    {
      // Spec: banner failures were only logged; here the dialog says so and keeps the input.
      failure: (error) => serverMessageOf(error) ?? 'The banner was not saved. Please try again.',
      log: 'Saving the banner failed',
      stayBusy: true,
    },
  );

  return (
    <form className={styles.editor} onSubmit={submit} noValidate>
      <Textarea label="Message" rows={2} required {...form.field('message')} />
      <div className={styles.editorDates}>
        <TextField label="Start" type="datetime-local" required {...form.field('start')} />
        <TextField label="End" type="datetime-local" required {...form.field('end')} />
      </div>
      {/* Each colour name carries its own readable text colour, set with it, so there is no
          separate text colour to pick (a banner from the legacy form keeps its own until then). */}
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
        <Toggle label="Pinned (shown on the storefront while it runs)" checked={values.isPinned} onChange={(event) => set('isPinned', event.target.checked)} />
      </div>
      <div>
        <p className={styles.legend}>Preview</p>
        <BannerPreview
          banner={{ message: values.message, startTime, endTime, color: values.color, textColor: values.textColor }}
        />
      </div>
      {form.failure ? <InlineError>{form.failure}</InlineError> : null}
      <DialogButtons busy={form.busy} submitLabel={isNew ? 'Add Banner' : 'Save Changes'} onCancel={onCancel} />
    </form>
  );
}
