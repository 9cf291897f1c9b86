import { type Announcement, type AnnouncementInput } from '@pustak/sdk';
import { type BannerStatus, bannerColorOption, bannerStatus, formatDate } from '@pustak/sdk/domain';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { Toggle } from '../../components/form-fields';
import { IconButton } from '../../components/icon-button';
import { EditIcon, EyeIcon, MegaphoneIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { useToast } from '../../components/toaster';
import { useApi } from '../../lib/api-client';
import { cx } from '../../lib/cx';
import { useNow } from '../../lib/use-now';
import { InlineError, TableRegion, TableSkeleton, boStyles } from '../back-office/back-office-ui';
import styles from './admin-banners.module.css';
import { useAnnouncements } from './api/use-announcements';
import { type BannerFormValues, BannerEditor, bannerValuesOf, newBannerValues } from './banner-editor';
import { BannerPreview } from './banner-preview';

const STATUS_TONES: Record<BannerStatus, BadgeTone> = {
  Active: 'success',
  Scheduled: 'info',
  Expired: 'danger',
  Inactive: 'neutral',
};

type Editing = { banner: Announcement | null; initial: BannerFormValues } | null;

/** /admin/banners: every announcement with its computed status, add/edit/preview/delete and a pin switch. */
export default function AdminBannersPage() {
  const api = useApi();
  const toast = useToast();
  const { data, error, isLoading, mutate: reload } = useAnnouncements();
  const now = useNow(60_000);
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [pinBusy, setPinBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const refresh = () => void reload();

  const save = async (input: AnnouncementInput) => {
    const target = editing?.banner;
    const reply = target ? await api.announcements.update(target.announcementId, input) : await api.announcements.create(input);
    toast.success(reply.message || (target ? 'Announcement updated successfully' : 'Announcement created successfully'));
    setEditing(null);
    refresh();
  };

  const togglePin = async (banner: Announcement) => {
    setPinBusy(banner.announcementId);
    setActionError(null);
    try {
      const reply = await api.announcements.setPinned(banner, !banner.isPinned);
      toast.success(reply.message || (banner.isPinned ? 'Banner unpinned' : 'Banner pinned'));
      refresh();
    } catch (failure) {
      console.error('Changing the pin failed', failure);
      setActionError(`The pin of “${banner.message}” was not changed. Please try again.`);
    } finally {
      setPinBusy(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setActionError(null);
    try {
      const reply = await api.announcements.remove(deleting.announcementId);
      toast.success(reply.message || 'Announcement deleted successfully');
      refresh();
    } catch (failure) {
      console.error('Deleting the banner failed', failure);
      setActionError(`“${deleting.message}” was not deleted. Please try again.`);
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className={boStyles.page}>
      <div className={styles.toolbar}>
        <p className={boStyles.count}>
          Banners appear above the storefront header while they are pinned and running.
        </p>
        <Button leadingIcon={<PlusIcon size={18} />} onClick={() => setEditing({ banner: null, initial: newBannerValues(now) })}>
          Add Banner
        </Button>
      </div>
      {actionError ? <InlineError>{actionError}</InlineError> : null}

      <section className={cx(boStyles.panel, boStyles.panelFlush)} aria-label="Banners">
        {error && !data ? (
          <ErrorState text="Failed to load banners." onRetry={() => void reload()} />
        ) : isLoading || !data ? (
          <TableSkeleton label="Loading banners" />
        ) : data.length === 0 ? (
          <EmptyState title="No banners yet" text="Add a banner to announce a sale or an event." icon={<MegaphoneIcon size={26} />} compact />
        ) : (
          <TableRegion label="Banners table">
            <table className={cx(boStyles.table, boStyles.stackTable, styles.table)}>
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Message</th>
                  <th scope="col">Date Range</th>
                  <th scope="col">Pinned</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.map((banner) => {
                  const status = bannerStatus(banner, now);
                  return (
                    <tr key={banner.announcementId}>
                      <td data-label="Status">
                        <Badge tone={STATUS_TONES[status]}>{status}</Badge>
                      </td>
                      <td data-label="Message">
                        <span className={styles.message}>
                          <span className={styles.dot} style={{ background: bannerColorOption(banner.color).color }} aria-hidden="true" />
                          {banner.message}
                        </span>
                      </td>
                      <td data-label="Date Range" className={boStyles.nowrap}>
                        {formatDate(banner.startTime)} – {formatDate(banner.endTime)}
                      </td>
                      <td data-label="Pinned">
                        <Toggle
                          label={<span className="visually-hidden">Pinned: {banner.message}</span>}
                          checked={banner.isPinned}
                          disabled={pinBusy === banner.announcementId}
                          onChange={() => void togglePin(banner)}
                        />
                      </td>
                      <td data-label="Actions">
                        <div className={styles.actions}>
                          <IconButton
                            aria-label={`Preview: ${banner.message}`}
                            title="Preview"
                            icon={<EyeIcon size={18} />}
                            size="sm"
                            onClick={() => setPreviewing(banner)}
                          />
                          <IconButton
                            aria-label={`Edit: ${banner.message}`}
                            title="Edit"
                            icon={<EditIcon size={18} />}
                            size="sm"
                            onClick={() => setEditing({ banner, initial: bannerValuesOf(banner) })}
                          />
                          <IconButton
                            aria-label={`Delete: ${banner.message}`}
                            title="Delete"
                            icon={<TrashIcon size={18} />}
                            size="sm"
                            className={styles.deleteButton}
                            onClick={() => setDeleting(banner)}
                          />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>

      <BannerEditor
        open={editing !== null}
        banner={editing?.banner ?? null}
        initial={editing?.initial ?? newBannerValues(now)}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <Dialog open={previewing !== null} onClose={() => setPreviewing(null)} title="Banner preview" size="lg"
        description="How the storefront shows this banner above its header.">
        {previewing ? (
          <div className={styles.previewBody}>
            <BannerPreview banner={previewing} />
            <p className={boStyles.muted}>
              “{previewing.message}” — status {bannerStatus(previewing, now)}, runs {formatDate(previewing.startTime)} – {formatDate(previewing.endTime)}.
            </p>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete banner"
        message="Are you sure you want to delete this banner? This action cannot be undone."
        confirmLabel="Delete"
        danger
        loading={deleteBusy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
