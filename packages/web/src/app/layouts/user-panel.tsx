import { type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Drawer } from '../../components/drawer';
import { CartIcon, HeartIcon, LogoutIcon, PackageIcon, UserIcon } from '../../components/icons';
import { Skeleton } from '../../components/skeleton';
import { openAuthDialog, signOut, useCurrentUser, useSession } from '../../features/auth';
import { ACCOUNT_LINKS } from './nav-items';
import { PanelLinks } from './panel-links';
import styles from './panels.module.css';

const linkIcons: Record<string, ReactNode> = {
  '/profile': <UserIcon size={18} />,
  '/myOrders': <PackageIcon size={18} />,
  '/wishlist': <HeartIcon size={18} />,
  '/cart': <CartIcon size={18} />,
};

/** The user side panel: who is signed in (or Guest User), account links, sign in/out. */
export function UserPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const { data: user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const name = session.isSignedIn ? (user?.username ?? '') : 'Guest User';

  return (
    <Drawer open={open} onClose={onClose} title="Your account">
      <div className={styles.profile}>
        <span className={styles.bigAvatar} aria-hidden="true">
          {session.isSignedIn ? (name.charAt(0) || <UserIcon size={24} />) : <UserIcon size={24} />}
        </span>
        <div className={styles.who}>
          {session.isSignedIn && isLoading && !user ? (
            <>
              <Skeleton width={120} height={18} />
              <Skeleton width={170} height={14} />
            </>
          ) : (
            <>
              <p className={styles.name}>{name || 'Signed in'}</p>
              {session.isSignedIn ? (
                user?.email ? <p className={styles.email}>{user.email}</p> : null
              ) : (
                <p className={styles.email}>Sign in to see your orders and wishlist.</p>
              )}
            </>
          )}
        </div>
      </div>

      {/* Not "Account": the footer's links under that heading are a navigation landmark too. */}
      <nav aria-label="Your account">
        <PanelLinks links={ACCOUNT_LINKS.map((item) => ({ ...item, icon: linkIcons[item.to] }))} onNavigate={onClose} />
      </nav>

      {session.isSignedIn ? (
        <Button
          variant="secondary"
          block
          leadingIcon={<LogoutIcon size={18} />}
          onClick={() => {
            signOut();
            onClose();
            navigate('/');
          }}
        >
          Sign out
        </Button>
      ) : (
        <div className={styles.guestActions}>
          <Button
            block
            onClick={() => {
              onClose();
              openAuthDialog('signIn');
            }}
          >
            Sign in
          </Button>
          <Button
            variant="ghost"
            block
            onClick={() => {
              onClose();
              openAuthDialog('signUp');
            }}
          >
            Create an account
          </Button>
        </div>
      )}
    </Drawer>
  );
}
