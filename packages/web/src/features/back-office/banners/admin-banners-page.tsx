import { type Announcement, type AnnouncementInput } from '@pustak/sdk';
import { type BannerStatus, bannerStatus, bannerStyle, formatDate } from '@pustak/sdk/domain';
import { type ReactNode, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { Toggle } from '../../../components/form-controls';
import { IconButton } from '../../../components/icon-button';
import { EditIcon, EyeIcon, MegaphoneIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useNow } from '../../../lib/use-now';
import { CountText, InlineError, ListPanel, PageStack } from '../../../components/back-office/back-office-ui';
import { type Column, DataTable } from '../../../components/data-table';
import styles from './admin-banners.module.css';
import { useAnnouncements } from './api/use-announcements';
import { useCreateBanner, useDeleteBanner, useSetBannerPinned, useUpdateBanner } from './api/use-save-banner';
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
  const createBanner = useCreateBanner();
  const updateBanner = useUpdateBanner();
  const setPinned = useSetBannerPinned();
  const deleteBanner = useDeleteBanner();
  const toast = useToast();
  const banners = useAnnouncements();
  const now = useNow(60_000);
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [pinBusy, setPinBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const save = async (input: AnnouncementInput) => {
    const target = editing?.banner;
    const reply = target ? await updateBanner(target.announcementId, input) : await createBanner(input);
    toast.success(reply.message || (target ? 'Announcement updated successfully' : 'Announcement created successfully'));
    setEditing(null);
  };

  const togglePin = async (banner: Announcement) => {
    setPinBusy(banner.announcementId);
    setActionError(null);
    try {
      const reply = await setPinned(banner, !banner.isPinned);
      toast.success(reply.message || (banner.isPinned ? 'Banner unpinned' : 'Banner pinned'));
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
      const reply = await deleteBanner(deleting.announcementId);
      toast.success(reply.message || 'Announcement deleted successfully');
    } catch (failure) {
      console.error('Deleting the banner failed', failure);
      setActionError(`“${deleting.message}” was not deleted. Please try again.`);
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const columns: Column<Announcement>[] = [
    {
      label: 'Status',
      cell: (banner) => {
        const status = bannerStatus(banner, now);
        return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
      },
    },
    {
      label: 'Message',
      cell: (banner) => (
        <span className={styles.message}>
          <span className={styles.dot} style={{ background: bannerStyle(banner.color).backgroundColor }} aria-hidden="true" />
          {banner.message}
        </span>
      ),
    },
    {
      label: 'Date Range',
      className: 'nowrap',
      cell: (banner) => `${formatDate(banner.startTime)} – ${formatDate(banner.endTime)}`,
    },
    {
      label: 'Pinned',
      cell: (banner) => (
        <Toggle
          label={<span className="visually-hidden">Pinned: {banner.message}</span>}
          checked={banner.isPinned}
          disabled={pinBusy === banner.announcementId}
          onChange={() => void togglePin(banner)}
        />
      ),
    },
    {
      label: 'Actions',
      cell: (banner) => {
        const actions: [title: string, icon: ReactNode, act: () => void][] = [
          ['Preview', <EyeIcon size={18} />, () => setPreviewing(banner)],
          ['Edit', <EditIcon size={18} />, () => setEditing({ banner, initial: bannerValuesOf(banner) })],
          ['Delete', <TrashIcon size={18} />, () => setDeleting(banner)],
        ];
        return (
          <div className={styles.actions}>
            {actions.map(([title, icon, act]) => (
              <IconButton
                key={title}
                aria-label={`${title}: ${banner.message}`}
                title={title}
                icon={icon}
                size="sm"
                className={title === 'Delete' ? styles.deleteButton : undefined}
                onClick={act}
              />
            ))}
          </div>
        );
      },
    },
  ];

  return (
    <PageStack>
      <div className={styles.toolbar}>
        <CountText>
          Banners appear above the storefront header while they are pinned and running.
        </CountText>
        <Button leadingIcon={<PlusIcon size={18} />} onClick={() => setEditing({ banner: null, initial: newBannerValues(now) })}>
          Add Banner
        </Button>
      </div>
      {actionError ? <InlineError>{actionError}</InlineError> : null}

      <ListPanel
        label="Banners"
        list={banners}
        failedText="Failed to load banners."
        loadingLabel="Loading banners"
        empty={<EmptyState title="No banners yet" text="Add a banner to announce a sale or an event." icon={<MegaphoneIcon size={26} />} compact />}
      >
        {(rows) => (
          <DataTable label="Banners table" columns={columns} rows={rows} rowKey={(banner) => banner.announcementId} className={styles.table} />
        )}
      </ListPanel>

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
            <p className="muted">
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
    </PageStack>
  );
}
